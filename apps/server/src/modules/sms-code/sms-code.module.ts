import { createOutboxSmsSender } from '../../adapters/sms/outbox-sender.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import { smsSenderFromConfig } from '../../adapters/sms/sms-sender-from-config.ts';
import type { AppModule, ModuleBase } from '../../http/app-module.ts';
import { smsCleanupJob } from './sms-cleanup.job.ts';
import { createSmsCodeService } from './sms-code.service.ts';

export interface SmsCodeModuleDeps extends Pick<ModuleBase, 'db' | 'config' | 'secrets' | 'log'> {
  /** Defaults to the configured gateway (else the outbox with dev tools on, else none); tests may pass their own. */
  sender?: SmsSender;
}

/**
 * createSmsCodeModule wires the SMS codes every area sends and checks (`sms`, with the proof-of-work challenges of
 * public sends), the sender in use (`sender`: the configured gateway, the dev outbox or none) and the cleanup job.
 * It has no routes of its own: the send and challenge calls live in modules/system.
 */
export function createSmsCodeModule(deps: SmsCodeModuleDeps) {
  const outbox = createOutboxSmsSender(deps.db);
  const sender = deps.sender ?? smsSenderFromConfig(deps.config, outbox, deps.log);
  const sms = createSmsCodeService(deps.db, sender, deps.secrets.sms);
  return {
    name: 'sms-code',
    sms,
    sender,
    /** The dev page's outbox, when the outbox is the sender in use. */
    outbox: sender.name === outbox.name ? outbox : undefined,
    jobs: [smsCleanupJob(deps.db)],
    adapters: [{ name: 'sms', label: '短信网关', impl: sender.label, live: sender.live }],
    async register() {},
  } satisfies AppModule & Record<string, unknown>;
}
export type SmsCodeModule = ReturnType<typeof createSmsCodeModule>;
