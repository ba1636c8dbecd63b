import { eq } from 'drizzle-orm';
import { OperationStatus } from '@lease/shared';
import { operationLog } from '../../domain/operation-log.table.ts';
import { coreEffects } from './effects/core.effects.ts';
import { mergeEffects } from './effects/index.ts';
import type { EffectTable, FinishedCommand, Tx } from './effects/result-effect.ts';
import type { CommandStatus } from './mdm.table.ts';
import type { PlistDict } from './plist.ts';

/** errorText is Apple's own explanation from the ErrorChain, first entry first. */
export function errorText(chain: Record<string, unknown>[] | undefined, status: CommandStatus) {
  if (status === 'format-error') return '设备报告指令格式错误';
  const first = chain?.[0];
  const text = first ? String(first.LocalizedDescription ?? first.USEnglishDescription ?? '') : '';
  const code = first?.ErrorCode !== undefined ? `（${String(first.ErrorDomain ?? '')} ${String(first.ErrorCode)}）` : '';
  return `设备执行失败：${text || '未知错误'}${code}`;
}

/**
 * createResultEffects is the engine's effect runner over the table it is given: the engine's core effects (facts,
 * apps, location, Lost Mode) followed by the modules' table the composition root passes in. Taking the table as
 * a dependency is what keeps mdm/ from importing the feature modules (the modules' effects import the engine, not back).
 */
export function createResultEffects(moduleEffects: EffectTable) {
  const table = mergeEffects(coreEffects, moduleEffects);
  return {
    /** types are the commands whose answer changes the device record; the rest only finish their operation. */
    types: Object.keys(table),

    /**
     * apply makes a finished command's answer count, once, inside the transaction that recorded it: the effects
     * registered for its type, then the operation log's final status.
     */
    async apply(tx: Tx, deviceId: string, cmd: FinishedCommand, status: CommandStatus, response: PlistDict, chain?: Record<string, unknown>[]): Promise<void> {
      const ok = status === 'acknowledged';
      let failed = !ok;
      let summary = ok ? '设备已执行' : errorText(chain, status);
      for (const effect of table[cmd.requestType] ?? []) {
        const outcome = await effect({ tx, deviceId, cmd, status, ok, response, chain, action: cmd.action ?? null });
        if (outcome?.summary) summary = outcome.summary;
        if (outcome?.failed !== undefined) failed = outcome.failed;
      }
      if (cmd.operationLogId) {
        await tx
          .update(operationLog)
          .set({ status: failed ? OperationStatus.FAILED : OperationStatus.DONE, result: summary, dateUpdated: new Date() })
          .where(eq(operationLog.id, cmd.operationLogId));
      }
    },

    /**
     * settleUnanswered runs the failure side of the effects for commands that ended without an answer (expired):
     * what they had set pending goes back. The caller has already written their operations' result.
     */
    async settleUnanswered(tx: Tx, commands: (FinishedCommand & { deviceId: string })[], status: CommandStatus): Promise<void> {
      for (const cmd of commands) {
        for (const effect of table[cmd.requestType] ?? [])
          await effect({ tx, deviceId: cmd.deviceId, cmd, status, ok: false, response: {}, action: cmd.action ?? null });
      }
    },
  };
}
export type ResultEffects = ReturnType<typeof createResultEffects>;
