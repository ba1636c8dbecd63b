import type { Db } from '../../db/client.ts';
import type { DeviceIdentity } from './checkin.service.ts';
import { DeviceRefusal } from './device-refusal.ts';
import type { EnrollmentRepo } from './enrolment.repo.ts';
import type { CommandStatus } from './mdm.table.ts';
import type { PlistDict } from './plist.ts';
import type { QueueRepo, StepAnswer } from './queue.repo.ts';
import { type ResultEffects, errorText } from './result-effects.ts';
import { OperationStatus, UUID_RE } from '@lease/shared';

const FINAL_STATUS: Record<string, CommandStatus> = { Acknowledged: 'acknowledged', Error: 'error', CommandFormatError: 'format-error' };
/** last_active_time is written at most this often per phone: a hot row on every request would be Fleet's seen_time. */
const ACTIVE_WRITE_INTERVAL_MS = 30_000;
/** How many certificates the enrolment cache remembers; past that it starts again (a few MB at most). */
const ENROLMENT_CACHE_MAX = 200_000;

interface KnownEnrolment {
  deviceId: string;
  udid: string;
}

/**
 * createConnectService runs the command loop of Apple's connect endpoint: record the phone's answer to the
 * last command (once, by CommandUUID), then hand it the next one, or nothing. The plain round trip is one
 * statement (queue.step): the enrolment a certificate speaks for is remembered here, and step re-checks it in
 * the same statement, so a release, re-enrolment or renewal in any process is seen at once — the cache only
 * saves the lookup, never decides. A certificate the statement no longer accepts is looked up afresh.
 */
export function createConnectService(deps: { db: Db; enrollments: EnrollmentRepo; queue: QueueRepo; results: ResultEffects }) {
  const { db, queue } = deps;
  const lastActiveWrite = new Map<string, number>();
  const known = new Map<string, KnownEnrolment>();

  function shouldTouch(deviceId: string) {
    const now = Date.now();
    if (now - (lastActiveWrite.get(deviceId) ?? 0) < ACTIVE_WRITE_INTERVAL_MS) return false;
    if (lastActiveWrite.size > 200_000) lastActiveWrite.clear();
    lastActiveWrite.set(deviceId, now);
    return true;
  }

  /** lookup finds the enrolment afresh (adopting a renewed certificate) and refuses as before; it fills the cache. */
  async function lookup(id: DeviceIdentity, udid: string): Promise<KnownEnrolment> {
    known.delete(id.fingerprint);
    const row = await deps.enrollments.current(id.fingerprint, udid);
    if (!row) {
      const cert = await deps.enrollments.identity(id.fingerprint);
      throw new DeviceRefusal(cert?.releasedAt ? 'released' : 'not-enrolled');
    }
    if (row.released) throw new DeviceRefusal('released');
    if (row.udid !== udid) throw new DeviceRefusal('identity-mismatch', 'UDID does not match the certificate');
    if (known.size >= ENROLMENT_CACHE_MAX) known.clear();
    const entry = { deviceId: row.deviceId, udid: row.udid };
    known.set(id.fingerprint, entry);
    return entry;
  }

  /** answerOf reads what the message says about the last command, or the refusal it deserves. */
  function answerOf(msg: PlistDict): StepAnswer | DeviceRefusal {
    const status = String(msg.Status ?? '');
    // Our commands have uuid ids: any other CommandUUID names none of them and must not reach the uuid column.
    const commandId = typeof msg.CommandUUID === 'string' && UUID_RE.test(msg.CommandUUID) ? msg.CommandUUID : '';
    if (status === 'NotNow') return { kind: 'not-now', commandId: commandId || null };
    if (status === 'Idle') return { kind: 'idle' };
    // hasOwn: a Status of `__proto__` or `constructor` is not an answer (it found Object's own members).
    if (!Object.hasOwn(FINAL_STATUS, status)) return new DeviceRefusal('bad-message', `unknown Status ${status}`);
    if (!commandId) return new DeviceRefusal('bad-message', 'a result needs its CommandUUID');
    const chain = Array.isArray(msg.ErrorChain) ? (msg.ErrorChain as Record<string, unknown>[]) : undefined;
    const final = FINAL_STATUS[status];
    const ok = final === 'acknowledged';
    return {
      kind: 'final',
      commandId,
      status: final,
      opStatus: ok ? OperationStatus.DONE : OperationStatus.FAILED,
      summary: ok ? '设备已执行' : errorText(chain, final),
      resultJson: stripEnvelope(msg),
      errorChain: chain,
    };
  }

  return {
    /** handle answers one connect request with the next command's plist, or '' for nothing to do. */
    async handle(id: DeviceIdentity, msg: PlistDict): Promise<string> {
      const udid = typeof msg.UDID === 'string' ? msg.UDID : '';
      const answer = answerOf(msg);
      // A stranger is refused as a stranger before its message is judged.
      let enrolment = known.get(id.fingerprint);
      if (!enrolment || enrolment.udid !== udid || answer instanceof DeviceRefusal) enrolment = await lookup(id, udid);
      if (answer instanceof DeviceRefusal) throw answer;

      let step = await queue.step(id.fingerprint, enrolment.deviceId, udid, answer, shouldTouch(enrolment.deviceId));
      if (!step.enrolled) {
        // Released, re-enrolled or renewed since we remembered it: look again (this refuses when it should).
        enrolment = await lookup(id, udid);
        step = await queue.step(id.fingerprint, enrolment.deviceId, udid, answer, true);
        // Changed again between two statements: a 5xx makes the phone retry rather than guess.
        if (!step.enrolled) throw new Error('enrolment changed during the request');
      }
      if (!step.held) return step.payload ?? '';

      // An answer with device effects: record it and run the effects in one transaction, then serve the next.
      const final = answer as Extract<StepAnswer, { kind: 'final' }>;
      const deviceId = enrolment.deviceId;
      await db.transaction(async (tx) => {
        const finished = await queue.finish(tx, deviceId, final.commandId, final.status, { resultJson: final.resultJson, errorChain: final.errorChain });
        if (finished) await deps.results.apply(tx, deviceId, finished, final.status, msg, final.errorChain);
      });
      const next = await queue.serveNext(deviceId, false);
      return next?.payload ?? '';
    },
  };
}

/**
 * stripEnvelope keeps a result's response keys for the command row, without the envelope, binary blobs or
 * secrets: an Activation Lock bypass code is stored sealed by its effect, never in plain text in the queue.
 */
function stripEnvelope(msg: PlistDict): string {
  const { UDID: _u, Status: _s, CommandUUID: _c, ErrorChain: _e, ActivationLockBypassCode: _code, ...rest } = msg;
  // Written once as the jsonb text the queue stores (no parse-and-write-again on the hot path).
  return JSON.stringify(rest, (_k, v: unknown) => (v && typeof v === 'object' && 'type' in v && (v as { type: string }).type === 'Buffer' ? '<data>' : v));
}
export type ConnectService = ReturnType<typeof createConnectService>;
