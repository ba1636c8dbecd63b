import { eq } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import { operationLog } from '../../modules/logs/logs.table.ts';
import { RESULT_EFFECTS } from './effects/index.ts';
import type { DeviceEvent, Tx } from './effects/result-effect.ts';
import type { CommandStatus } from './mdm.table.ts';
import type { PlistDict } from './plist.ts';
import type { FinishedCommand } from './queue.repo.ts';

export type { DeviceEvent };

/** EFFECT_TYPES are the commands whose answer changes the device record; the rest only finish their operation. */
export const EFFECT_TYPES = Object.keys(RESULT_EFFECTS);

/** errorText is Apple's own explanation from the ErrorChain, first entry first. */
export function errorText(chain: Record<string, unknown>[] | undefined, status: CommandStatus) {
  if (status === 'format-error') return '设备报告指令格式错误';
  const first = chain?.[0];
  const text = first ? String(first.LocalizedDescription ?? first.USEnglishDescription ?? '') : '';
  const code = first?.ErrorCode !== undefined ? `（${String(first.ErrorDomain ?? '')} ${String(first.ErrorCode)}）` : '';
  return `设备执行失败：${text || '未知错误'}${code}`;
}

/**
 * applyResult makes a finished command's answer count, once, inside the transaction that recorded it: the
 * effects registered for its type (effects/index.ts), then the operation log's final status. Returns the events.
 */
export async function applyResult(tx: Tx, deviceId: string, cmd: FinishedCommand, status: CommandStatus, response: PlistDict, chain?: Record<string, unknown>[]): Promise<DeviceEvent[]> {
  const ok = status === 'acknowledged';
  let failed = !ok;
  const events: DeviceEvent[] = [];
  let summary = ok ? '设备已执行' : errorText(chain, status);
  for (const effect of RESULT_EFFECTS[cmd.requestType] ?? []) {
    const outcome = await effect({ tx, deviceId, cmd, status, ok, response, chain, action: cmd.action ?? null });
    if (outcome?.summary) summary = outcome.summary;
    if (outcome?.failed !== undefined) failed = outcome.failed;
    if (outcome?.events) events.push(...outcome.events);
  }
  if (cmd.operationLogId) {
    await tx
      .update(operationLog)
      .set({ status: failed ? OperationStatus.FAILED : OperationStatus.DONE, result: summary, dateUpdated: new Date() })
      .where(eq(operationLog.id, cmd.operationLogId));
  }
  return events;
}

/**
 * settleUnanswered runs the failure side of the effects for commands that ended without an answer (expired):
 * what they had set pending goes back. The caller has already written their operations' result.
 */
export async function settleUnanswered(tx: Tx, commands: (FinishedCommand & { deviceId: string })[], status: CommandStatus): Promise<void> {
  for (const cmd of commands) {
    for (const effect of RESULT_EFFECTS[cmd.requestType] ?? []) await effect({ tx, deviceId: cmd.deviceId, cmd, status, ok: false, response: {}, action: cmd.action ?? null });
  }
}
