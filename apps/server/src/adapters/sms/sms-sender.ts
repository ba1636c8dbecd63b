/** SmsMessage is one text to one mainland phone. */
export interface SmsMessage {
  phoneNumber: string;
  content: string;
  purpose: string;
}

/** SmsSender delivers texts; the implementation in use is chosen by configuration and shown on /system/dev. */
export interface SmsSender {
  readonly name: string;
  readonly label: string;
  /** live is true only when texts really leave this server. */
  readonly live: boolean;
  send(message: SmsMessage): Promise<void>;
}
