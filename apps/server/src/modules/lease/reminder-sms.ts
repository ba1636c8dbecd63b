import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import { AppError } from '../../http/app-error.ts';
import type { SendReminder } from './lease-steps.ts';

/**
 * reminderSender sends a plan's reminder through the store's SMS gateway with the lease template's variables
 * (name, amount, due_date, days, store, phone); the offline outbox keeps the rendered text. Without a gateway,
 * or one without the lease template (SMS_NOT_CONFIGURED, before any call leaves), the reminder is recorded as
 * not texted, and says why; any other failure is the step's failure.
 */
export function reminderSender(sender: SmsSender | undefined): SendReminder {
  return async (to, text) => {
    if (!sender?.ready) return { sent: false, note: '未配置短信服务，未发送短信' };
    try {
      await sender.send({ phoneNumber: to.phone, purpose: 'lease-reminder', code: '', content: text.content, params: text.params });
    } catch (err) {
      if (err instanceof AppError && err.code === 'SMS_NOT_CONFIGURED') return { sent: false, note: `${err.message}，未发送短信` };
      throw err;
    }
    return { sent: true, note: sender.live ? '已发送短信' : '已写入短信发件箱（离线，不真实发送）' };
  };
}
