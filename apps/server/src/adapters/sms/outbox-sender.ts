import { type SQL, count, desc } from 'drizzle-orm';
import type { Paging } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import type { SmsSender } from './sms-sender.ts';
import { smsOutbox } from './outbox.table.ts';

/**
 * OutboxSmsSender is the offline default: nothing is sent, every text is kept for the dev page. `list` pages the
 * texts, newest first, narrowed by `where` (a condition on smsOutbox: the dev page shows a store only its own).
 */
export function createOutboxSmsSender(
  db: Db,
): SmsSender & { list(page: Paging, where?: SQL): Promise<{ list: (typeof smsOutbox.$inferSelect)[]; total: number }> } {
  return {
    name: 'outbox',
    label: '短信发件箱（离线，不真实发送）',
    live: false,
    ready: true,
    async send({ phoneNumber, content, purpose }) {
      await db.insert(smsOutbox).values({ phoneNumber, content, purpose });
    },
    async list({ page_num, page_size }, where) {
      const [list, [{ n }]] = await Promise.all([
        db
          .select()
          .from(smsOutbox)
          .where(where)
          .orderBy(desc(smsOutbox.id))
          .limit(page_size)
          .offset(page_num * page_size),
        db.select({ n: count() }).from(smsOutbox).where(where),
      ]);
      return { list, total: n };
    },
  };
}
