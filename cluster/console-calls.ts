import type { ClusterNode, ClusterStage } from './cluster-stage.ts';

/** waitFor polls `check` every 200 ms until it holds, and throws after `timeoutMs` naming `what`. */
export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** deviceIds lists the store's devices of a platform through the balancer. */
export async function deviceIds(stage: ClusterStage, platform: 'ios' | 'android', total: number) {
  const out: string[] = [];
  for (let page = 0; page * 50 < total; page++) {
    const res = await stage.api<{ list: { id: string }[] }>('GET', `/api/device/${platform}/list?page_size=50&page_num=${page}`);
    out.push(...res.body.list.map((d) => d.id));
  }
  return out;
}

/** One answer of the balancer or a node: its status, how long it took, and whether a 503 said when to come back. */
export interface Answer {
  status: number;
  ms: number;
  retryAfter: boolean;
}

/**
 * sendAll sends one request per device, 25 at a time, each with its own Idempotency-Key; a request whose answer was
 * lost or refused (a node died under it, or lost its database) is sent again with the same key until it is answered,
 * as the console does. `during` runs once when the share `at` of the first round has been sent.
 */
export async function sendAll(items: string[], send: (id: string) => Promise<Answer>, during?: { at: number; run: () => Promise<void> }) {
  const answers: Answer[] = [];
  let fired = false;
  let pending = items;
  let refusals = new Map<number, number>();
  for (let round = 1; pending.length; round++) {
    // A request refused every time is a broken device or rule, not a fault the cluster rides out: say which, and how.
    if (round > 30) {
      const how = [...refusals].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ');
      throw new Error(`still refused after 30 rounds: ${pending.slice(0, 5).join(', ')} (${pending.length} in all; the last round: ${how})`);
    }
    const failed: string[] = [];
    refusals = new Map();
    for (let i = 0; i < pending.length; i += 25) {
      const batch = pending.slice(i, i + 25);
      const results = await Promise.all(batch.map((id) => send(id).catch(() => ({ status: 0, ms: 0, retryAfter: false }))));
      answers.push(...results);
      results.forEach((r, j) => {
        if (r.status === 200) return;
        failed.push(batch[j]);
        refusals.set(r.status, (refusals.get(r.status) ?? 0) + 1);
      });
      if (during && !fired && i >= items.length * during.at) {
        fired = true;
        await during.run();
      }
    }
    pending = failed;
  }
  return answers;
}

export type Action = 'lock' | 'unlock';
export const LOCK_TEXT = '逾期未还款，请联系门店';

/** command is one clerk's click on 锁定 or 解锁 for a device of either platform, through the balancer or one node. */
export function command(stage: ClusterStage, round: string, platform: 'ios' | 'android', action: Action, via?: ClusterNode) {
  return async (id: string): Promise<Answer> => {
    const started = Date.now();
    const key = { 'idempotency-key': `cl-${round}-${action}-${id}` };
    const res =
      platform === 'ios'
        ? await stage.api('POST', `/api/device/ios/command/${action}`, { device_id: id, ...(action === 'lock' ? { message: LOCK_TEXT } : {}) }, key, via)
        : await stage.api(
            'POST',
            `/api/device/android/${id}/operation/${action}`,
            action === 'lock' ? { message: LOCK_TEXT, phone_number: '13800000000' } : undefined,
            key,
            via,
          );
    return { status: res.status, ms: Date.now() - started, retryAfter: res.headers.has('retry-after') };
  };
}
