import { SmsPurpose } from '@lease/shared';
import { AppError } from '../../http/app-error.ts';
import type { SmsSender } from './sms-sender.ts';

/**
 * unconfiguredSmsSender stands in when no gateway is configured and dev tools are off: nothing can
 * deliver a code, so every SMS action answers 短信服务未配置 instead of pretending to send.
 */
export const unconfiguredSmsSender: SmsSender = {
  name: 'none',
  label: '未配置（短信验证码无法发送）',
  live: false,
  ready: false,
  async send({ purpose }) {
    throw new AppError('SMS_NOT_CONFIGURED', purpose === SmsPurpose.LEASE_REMINDER ? '短信服务未配置，无法发送还款提醒' : undefined);
  },
};
