import type { SmsPurpose } from '@lease/shared';

/** SmsMessage is one verification code to one mainland phone; gateways send `code` into the purpose's template. */
export interface SmsMessage {
  phoneNumber: string;
  purpose: SmsPurpose;
  code: string;
  /** The text as the outbox shows it; real gateways render their approved template instead. */
  content: string;
}

/** SmsSender delivers texts; the implementation in use is chosen by configuration and shown on /system/dev. */
export interface SmsSender {
  readonly name: string;
  readonly label: string;
  /** live is true only when texts really leave this server. */
  readonly live: boolean;
  /** ready is false when nothing can deliver a text: every SMS action then answers SMS_NOT_CONFIGURED. */
  readonly ready: boolean;
  send(message: SmsMessage): Promise<void>;
}
