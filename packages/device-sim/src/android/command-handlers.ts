import type { AgentCommand, CommandResult } from '@lease/shared/agent-protocol';
import { type AgentState, applyRestrictions, lockScreen, locationReport, unlockScreen } from './agent-state.ts';

/** HandlerContext is what a command may need beyond the state: the clock, channel support, the network. */
export interface HandlerContext {
  now: number;
  supported: (key: string) => boolean;
  fetchWallpaper: (id: string) => Promise<number>;
  refreshPolicy: () => Promise<void>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const done = (id: string, data?: CommandResult['data']): CommandResult => ({ command_id: id, status: 'done', ...(data ? { data } : {}) });
const failed = (id: string, error: string): CommandResult => ({ command_id: id, status: 'failed', error });

/**
 * runCommand applies one command to the phone's state as a device-owner agent would, and says what happened.
 * A lock is the full-screen lock-task screen with the store's message (never lockNow, which the hirer's PIN opens).
 */
export async function runCommand(s: AgentState, cmd: AgentCommand, ctx: HandlerContext): Promise<CommandResult> {
  const p = cmd.payload ?? {};
  switch (cmd.type) {
    case 'lock':
      lockScreen(s, 'command', str(p.message), str(p.phone_number), ctx.now);
      return done(cmd.id, { lock_epoch: s.lock.epoch });
    case 'unlock':
      unlockScreen(s);
      return done(cmd.id);
    case 'regulate': {
      s.regulated = true;
      if (p.restriction && typeof p.restriction === 'object') applyRestrictions(s, p.restriction as Record<string, boolean>, ctx.supported);
      return done(cmd.id, { ...s.restrictionReport });
    }
    case 'deregulate':
      s.regulated = false;
      applyRestrictions(s, {}, ctx.supported);
      return done(cmd.id);
    case 'set-system-restriction': {
      const map = p.restriction;
      if (!map || typeof map !== 'object') return failed(cmd.id, '系统限制参数缺失');
      applyRestrictions(s, map as Record<string, boolean>, ctx.supported);
      return done(cmd.id, { ...s.restrictionReport });
    }
    case 'set-app-restriction':
      s.appRule = { enable: p.enable === true, mode: Number(p.mode ?? 0), list: Array.isArray(p.list) ? (p.list as AgentState['appRule']['list']) : [] };
      return done(cmd.id);
    case 'set-wallpaper': {
      const id = str(p.wallpaper_id);
      const bytes = typeof p.content === 'string' ? Buffer.from(p.content, 'base64').length : await ctx.fetchWallpaper(id);
      if (!bytes) return failed(cmd.id, '壁纸下载失败');
      s.wallpaper = { id, bytes, where: Number(p.where ?? 3) };
      return done(cmd.id);
    }
    case 'get-location':
      return done(cmd.id, { location: locationReport(s, ctx.now) });
    case 'get-installed-app-list':
      return done(cmd.id, { apps: s.apps });
    case 'release':
      // Device owner given up (clearDeviceOwnerApp): the phone is the hirer's own from now on.
      unlockScreen(s);
      s.regulated = false;
      s.restrictions = {};
      s.released = true;
      return done(cmd.id);
    case 'refresh-policy':
      await ctx.refreshPolicy();
      return done(cmd.id);
    default:
      return failed(cmd.id, `不支持的指令：${String(cmd.type)}`);
  }
}
