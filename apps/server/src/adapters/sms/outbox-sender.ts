import { desc, count } from 'drizzle-orm';
import type { Paging } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { SmsSender } from './sms-sender.ts';
import { smsOutbox } from './outbox.table.ts';

/** OutboxSmsSender is the offline default: nothing is sent, every text is kept for the dev page. */
export function createOutboxSmsSender(db: Db): SmsSender & { list(page: Paging): Promise<{ list: (typeof smsOutbox.$inferSelect)[]; total: number }> } {
  return {
    name: 'outbox',
    label: '短信发件箱（离线，不真实发送）',
    live: false,
    ready: true,
    async send({ phoneNumber, content, purpose }) {
      await db.insert(smsOutbox).values({ phoneNumber, content, purpose });
    },
    async list({ page_num, page_size }) {
      const [list, [{ n }]] = await Promise.all([
        db
          .select()
          .from(smsOutbox)
          .orderBy(desc(smsOutbox.id))
          .limit(page_size)
          .offset(page_num * page_size),
        db.select({ n: count() }).from(smsOutbox),
      ]);
      return { list, total: n };
    },
  };
}
