import { eq } from 'drizzle-orm';
import type { EffectTable } from '../../mdm/apple/effects/result-effect.ts';
import { operationLog } from '../../domain/operation-log.table.ts';
import { INSTALL_ACTION } from './install-apps.repo.ts';

/** What the phone's InstallApplication State (Apple: Queued, Prompting, Installing, Managed…) means to a clerk. */
const STATE_TEXT: Record<string, string> = {
  Queued: '设备已接收，排队等待安装',
  Prompting: '等待租机人在设备上确认安装',
  PromptingForLogin: '等待租机人在设备上登录 Apple ID',
  Installing: '设备正在下载安装',
  Managed: '已安装并纳入管理',
  ManagedButUninstalled: '已纳入管理，但设备上已被删除',
};

/** Apple's MCMDMErrorDomain codes an install is refused with most often, said plainly. */
const ERROR_TEXT: Record<number, string> = {
  12023: '安装失败：App Store 中找不到该应用',
  12024: '安装失败：无法验证应用的安装清单',
  12025: '安装失败：设备上已有租机人自行安装的同名应用',
};

/** installAppsEffects words each app's own result from the phone's answer to its InstallApplication. */
export const installAppsEffects: EffectTable = {
  InstallApplication: [
    async ({ tx, cmd, ok, response, chain, action }) => {
      if (action !== INSTALL_ACTION || !cmd.operationLogId) return undefined;
      const [row] = await tx.select({ detail: operationLog.detail }).from(operationLog).where(eq(operationLog.id, cmd.operationLogId));
      const name = typeof row?.detail.app_name === 'string' ? `「${row.detail.app_name}」` : '';
      if (ok) {
        const state = typeof response.State === 'string' ? response.State : '';
        return { summary: `${name}${STATE_TEXT[state] ?? (state ? `设备回复：${state}` : '设备已接收安装指令')}` };
      }
      const code = chain?.map((e) => e.ErrorCode).find((c): c is number => typeof c === 'number');
      return code !== undefined && ERROR_TEXT[code] ? { summary: `${name}${ERROR_TEXT[code]}` } : undefined;
    },
  ],
};
