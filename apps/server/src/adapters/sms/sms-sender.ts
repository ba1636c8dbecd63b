import type { SmsPurpose } from '@lease/shared';

/**
 * LEASE_REMINDER_PARAMS are a lease reminder's template variables, in the order Tencent Cloud's {1}…{6}
 * take them; Alibaba Cloud templates name them (${name} … ${phone}).
 */
export const LEASE_REMINDER_PARAMS = ['name', 'amount', 'due_date', 'days', 'store', 'phone'] as const;

/**
 * LeaseReminderParams fills a lease reminder: the hirer's name, the amount ('1,299.00'), the due date
 * ('2026-12-31'), days until it ('0' on the day), and the store's name and contact phone.
 */
export type LeaseReminderParams = Record<(typeof LEASE_REMINDER_PARAMS)[number], string>;

/**
 * SmsMessage is one text to one mainland phone. A verification code goes in `code`, its template's only
 * variable; a lease reminder has `code: ''` and its variables in `params` (LeaseReminderParams).
 */
export interface SmsMessage {
  phoneNumber: string;
  purpose: SmsPurpose;
  code: string;
  /** Template variables of a purpose without a code (a lease reminder: LeaseReminderParams). */
  params?: Record<string, string>;
  /** The text as the outbox shows it; real gateways render their approved template instead. */
  content: string;
}

/**
 * SmsSender delivers texts; the implementation in use is chosen by configuration and shown on /system/dev.
 * send throws AppError('SMS_NOT_CONFIGURED') when it cannot deliver this purpose, before any call leaves the
 * server: every purpose when no sender is configured, and lease reminders when the gateway has no
 * SMS_TEMPLATE_LEASE_REMINDER (message 未配置还款提醒短信模板). The outbox accepts every purpose.
 */
export interface SmsSender {
  readonly name: string;
  readonly label: string;
  /** live is true only when texts really leave this server. */
  readonly live: boolean;
  /** ready is false when nothing can deliver a text: every SMS action then answers SMS_NOT_CONFIGURED. */
  readonly ready: boolean;
  send(message: SmsMessage): Promise<void>;
}
