import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iosDevice } from '../../modules/ios-device/ios-device.table.ts';
import type { DeviceIdentity } from './checkin.service.ts';
import { DeviceRefusal } from './device-refusal.ts';
import type { EnrollmentRepo } from './enrollment.repo.ts';
import type { CommandStatus } from './mdm.table.ts';
import type { PlistDict } from './plist.ts';
import type { QueueRepo } from './queue.repo.ts';
import { type DeviceEvent, applyResult, errorText } from './result-effects.ts';
import { OperationStatus, UUID_RE } from '@lease/shared';

const FINAL_STATUS: Record<string, CommandStatus> = { Acknowledged: 'acknowledged', Error: 'error', CommandFormatError: 'format-error' };
/** last_active_time is written at most this often per phone: a hot row on every request would be Fleet's seen_time. */
const ACTIVE_WRITE_INTERVAL_MS = 30_000;


/**
 * createConnectService runs the command loop of Apple's connect endpoint: record the phone's answer to the
 * last command (once, by CommandUUID), then hand it the next one, or nothing.
 */
export function createConnectService(deps: { db: Db; enrollments: EnrollmentRepo; queue: QueueRepo; onEvents?: (events: DeviceEvent[]) => void }) {
  const { db, queue } = deps;
  const lastActiveWrite = new Map<string, number>();

  async function touch(deviceId: string) {
    const now = Date.now();
    if (now - (lastActiveWrite.get(deviceId) ?? 0) < ACTIVE_WRITE_INTERVAL_MS) return;
    lastActiveWrite.set(deviceId, now);
    if (lastActiveWrite.size > 200_000) lastActiveWrite.clear();
    await db.update(iosDevice).set({ lastActiveTime: new Date(now) }).where(eq(iosDevice.id, deviceId));
  }

  return {
    /** handle answers one connect request with the next command's plist, or '' for nothing to do. */
    async handle(id: DeviceIdentity, msg: PlistDict): Promise<string> {
      const row = await deps.enrollments.current(id.fingerprint, typeof msg.UDID === 'string' ? msg.UDID : '');
      if (!row) {
        const cert = await deps.enrollments.identity(id.fingerprint);
        throw new DeviceRefusal(cert?.releasedAt ? 'released' : 'not-enrolled');
      }
      if (row.released) throw new DeviceRefusal('released');
      if (row.udid !== msg.UDID) throw new DeviceRefusal('identity-mismatch', 'UDID does not match the certificate');
      await touch(row.deviceId);

      const status = String(msg.Status ?? '');
      // Our commands have uuid ids: any other CommandUUID names none of them and must not reach the uuid column.
      const commandId = typeof msg.CommandUUID === 'string' && UUID_RE.test(msg.CommandUUID) ? msg.CommandUUID : '';
      if (status === 'NotNow') {
        if (commandId) await queue.markNotNow(row.deviceId, commandId);
      } else if (Object.hasOwn(FINAL_STATUS, status)) {
        // hasOwn: a Status of `__proto__` or `constructor` is not an answer (it found Object's own members).
        if (!commandId) throw new DeviceRefusal('bad-message', 'a result needs its CommandUUID');
        const chain = Array.isArray(msg.ErrorChain) ? (msg.ErrorChain as Record<string, unknown>[]) : undefined;
        const final = FINAL_STATUS[status];
        const ok = final === 'acknowledged';
        const detail = { result: stripEnvelope(msg), errorChain: chain };
        // Most answers change nothing but their command and operation: one statement, no transaction.
        const plain = await queue.finishPlain(row.deviceId, commandId, final, ok ? OperationStatus.DONE : OperationStatus.FAILED, ok ? '设备已执行' : errorText(chain, final), detail);
        const events = plain
          ? []
          : await db.transaction(async (tx) => {
              const finished = await queue.finish(tx, row.deviceId, commandId, final, detail);
              return finished ? applyResult(tx, row.deviceId, finished, final, msg, chain) : [];
            });
        if (events.length) deps.onEvents?.(events);
      } else if (status !== 'Idle') {
        throw new DeviceRefusal('bad-message', `unknown Status ${status}`);
      }
      const next = await queue.serveNext(row.deviceId, status === 'NotNow');
      return next?.payload ?? '';
    },
  };
}

/**
 * stripEnvelope keeps a result's response keys for the command row, without the envelope, binary blobs or
 * secrets: an Activation Lock bypass code is stored sealed by its effect, never in plain text in the queue.
 */
function stripEnvelope(msg: PlistDict): Record<string, unknown> {
  const { UDID: _u, Status: _s, CommandUUID: _c, ErrorChain: _e, ActivationLockBypassCode: _code, ...rest } = msg;
  return JSON.parse(JSON.stringify(rest, (_k, v: unknown) => (v && typeof v === 'object' && 'type' in v && (v as { type: string }).type === 'Buffer' ? '<data>' : v)));
}
export type ConnectService = ReturnType<typeof createConnectService>;
