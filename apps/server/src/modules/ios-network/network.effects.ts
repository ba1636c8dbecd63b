import { eq } from 'drizzle-orm';
import { DnsSettingStatus, GlobalProxyStatus } from '@lease/shared';
import { type EffectContext, type EffectTable, PROFILE_NOT_INSTALLED, type ResultEffect, hasErrorCode } from '../../mdm/apple/effects/result-effect.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { operationLog } from '../../domain/operation-log.table.ts';

type StatusColumn = 'globalProxyStatus' | 'dnsSettingStatus';

interface Rule {
  column: StatusColumn;
  /** The status after the phone did it. */
  done: number;
  summary: string;
  /** A removal whose profile was already gone ends in `done` too. */
  absentIsDone?: boolean;
  absentSummary?: string;
}

/**
 * previousStatus is what the column said before the operation went pending (its detail); pending itself reads as
 * off. GlobalProxyStatus and DnsSettingStatus share their numbers (OFF 0, ON 1, PENDING 2).
 */
async function previousStatus(ctx: EffectContext): Promise<number> {
  if (!ctx.cmd.operationLogId) return 0;
  const [row] = await ctx.tx.select({ detail: operationLog.detail }).from(operationLog).where(eq(operationLog.id, ctx.cmd.operationLogId));
  const before = row?.detail.previous_status;
  return before === GlobalProxyStatus.ON ? GlobalProxyStatus.ON : GlobalProxyStatus.OFF;
}

/**
 * statusEffect settles a network profile's status from the phone's answer: done on success, back to what it
 * was on failure (a failed install leaves the old profile, a failed removal leaves it in place).
 */
function statusEffect(rules: Record<string, Rule>): ResultEffect {
  return async (ctx) => {
    const rule = ctx.action ? rules[ctx.action] : undefined;
    if (!rule) return undefined;
    const absent = !ctx.ok && rule.absentIsDone && hasErrorCode(ctx.chain, PROFILE_NOT_INSTALLED);
    const status = ctx.ok || absent ? rule.done : await previousStatus(ctx);
    await ctx.tx
      .update(iosDevice)
      .set({ [rule.column]: status, dateUpdated: new Date() })
      .where(eq(iosDevice.id, ctx.deviceId));
    if (ctx.ok) return { summary: rule.summary };
    return absent ? { summary: rule.absentSummary, failed: false } : undefined;
  };
}

/** networkEffects: the global HTTP proxy and encrypted DNS profiles (InstallProfile / RemoveProfile by action). */
export const networkEffects: EffectTable = {
  InstallProfile: [
    statusEffect({
      'set-global-http-proxy': { column: 'globalProxyStatus', done: GlobalProxyStatus.ON, summary: '全局 HTTP 代理已生效' },
      'set-dns-setting': { column: 'dnsSettingStatus', done: DnsSettingStatus.ON, summary: '加密 DNS 已生效' },
    }),
  ],
  RemoveProfile: [
    statusEffect({
      'remove-global-http-proxy': {
        column: 'globalProxyStatus',
        done: GlobalProxyStatus.OFF,
        summary: '全局 HTTP 代理已移除',
        absentIsDone: true,
        absentSummary: '设备上没有全局代理描述文件，状态已更正为未设置',
      },
      'clear-dns-setting': {
        column: 'dnsSettingStatus',
        done: DnsSettingStatus.OFF,
        summary: '加密 DNS 已清除',
        absentIsDone: true,
        absentSummary: '设备上没有加密 DNS 描述文件，状态已更正为未设置',
      },
    }),
  ],
};
