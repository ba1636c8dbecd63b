import { eq } from 'drizzle-orm';
import { IOS_RESTRICTION_ACTIONS, SuperviseStatus } from '@lease/shared';
import { type EffectContext, type EffectTable, PROFILE_NOT_INSTALLED, hasErrorCode } from '../../mdm/apple/effects/result-effect.ts';
import { mdmCommand } from '../../mdm/apple/mdm.table.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { type Tx, recordFailure, recordInstalled } from './ios-restriction.repo.ts';
import { describePayload, payloadOfCommand } from './restriction-profile.ts';

const MINE = new Set<string>(IOS_RESTRICTION_ACTIONS);

/** What each restriction operation did, said before the list of what the phone now restricts. */
const DONE_TEXT: Record<string, string> = {
  'set-system-restriction': '系统限制已生效。',
  'sync-store-default-system-restriction': '已同步门店默认系统限制。',
  'set-app-restriction': '应用限制已生效。',
  'temporary-allow-enterprise-app-trust': '已临时允许信任企业级应用，到期自动恢复。',
  'end-enterprise-app-trust': '临时信任已到期，已恢复禁止信任企业级应用。',
  'apply-enrolment-restriction': '设备接入后已下发限制。',
};

/**
 * appleReason is the phone's own explanation, kept for the restriction tab; the operation log gets the engine's
 * standard failure text (no summary returned), and this module stays free of an import cycle with the engine.
 */
function appleReason(chain: Record<string, unknown>[] | undefined, status: string): string {
  const first = chain?.[0];
  if (!first) return status === 'format-error' ? '设备报告指令格式错误' : '设备执行失败';
  return `${String(first.LocalizedDescription ?? first.USEnglishDescription ?? '设备执行失败')}（${String(first.ErrorDomain ?? '')} ${String(first.ErrorCode ?? '')}）`;
}

async function supervisedOf(tx: Tx, deviceId: string): Promise<boolean | null> {
  const [row] = await tx.select({ s: iosDevice.superviseStatus }).from(iosDevice).where(eq(iosDevice.id, deviceId));
  return row?.s === SuperviseStatus.SUPERVISED ? true : row?.s === SuperviseStatus.UNSUPERVISED ? false : null;
}

async function onInstall({ tx, deviceId, cmd, ok, status, chain, action }: EffectContext) {
  if (!action || !MINE.has(action)) return undefined;
  if (!ok) {
    await recordFailure(tx, deviceId, appleReason(chain, status));
    return undefined;
  }
  const [row] = await tx.select({ payload: mdmCommand.payload }).from(mdmCommand).where(eq(mdmCommand.id, cmd.id));
  const payload = row ? payloadOfCommand(row.payload) : null;
  await recordInstalled(tx, deviceId, payload, cmd.operationLogId);
  return { summary: `${DONE_TEXT[action]}${describePayload(payload, await supervisedOf(tx, deviceId))}` };
}

async function onRemove({ tx, deviceId, cmd, ok, status, chain, action }: EffectContext) {
  if (!action || !MINE.has(action)) return undefined;
  if (ok) {
    await recordInstalled(tx, deviceId, null, cmd.operationLogId);
    return { summary: `${DONE_TEXT[action]}${describePayload(null, null)}` };
  }
  // The goal was "no profile": a phone that has none is where it should be.
  if (hasErrorCode(chain, PROFILE_NOT_INSTALLED)) {
    await recordInstalled(tx, deviceId, null, cmd.operationLogId);
    return { summary: '设备上本就没有门店限制描述文件，视为已移除', failed: false };
  }
  await recordFailure(tx, deviceId, appleReason(chain, status));
  return undefined;
}

/**
 * restrictionEffects record what the phone has of its restrictions profile when it answers one of the
 * restriction operations' InstallProfile or RemoveProfile (other areas' profiles are left to their effects).
 */
export const restrictionEffects: EffectTable = {
  InstallProfile: [onInstall],
  RemoveProfile: [onRemove],
};
