import type { Config } from '../../config.ts';
import { createAliyunSmsSender } from './aliyun-sms-sender.ts';
import type { GatewayLog } from './gateway-call.ts';
import type { SmsSender } from './sms-sender.ts';
import { createTencentSmsSender } from './tencent-sms-sender.ts';
import { unconfiguredSmsSender } from './unconfigured-sender.ts';

/**
 * smsSenderFromConfig picks who delivers codes: the configured gateway; else the outbox, only with dev
 * tools on (its codes are readable on /system/dev); else nobody, and SMS actions answer 短信服务未配置.
 */
export function smsSenderFromConfig(config: Pick<Config, 'smsGateway' | 'devTools'>, outbox: SmsSender, log?: GatewayLog): SmsSender {
  const gateway = config.smsGateway;
  if (gateway?.provider === 'aliyun') return createAliyunSmsSender(gateway, log);
  if (gateway?.provider === 'tencent') return createTencentSmsSender(gateway, log);
  return config.devTools ? outbox : unconfiguredSmsSender;
}
