import type { CommandConfirmProps } from './CommandConfirmDialog.tsx';
import {
  ClearPasscodeDialog,
  LocateDialog,
  MoveToRecycleBinDialog,
  PlaySoundDialog,
  RebootDialog,
  RemoveDialog,
  RestoreDialog,
  UnlockDialog,
} from './CommandDialogs.tsx';
import { LockDialog } from './LockDialog.tsx';
import { ClearDnsDialog, DnsDialog } from '../network/DnsDialogs.tsx';
import { RemoveGlobalProxyDialog, SetGlobalProxyDialog } from '../network/GlobalProxyDialogs.tsx';
import { InstallAppsDialog } from '../install-apps/InstallAppsDialog.tsx';
import { SetWallpaperDialog } from '../settings/SetWallpaperDialog.tsx';
import { OsUpdateDialog } from '../settings/OsUpdateDialog.tsx';
import { AppRestrictionDialog } from '../restriction/AppRestrictionDialog.tsx';
import { EnterpriseTrustDialog } from '../restriction/EnterpriseTrustDialog.tsx';
import { SystemRestrictionDialog } from '../restriction/SystemRestrictionDialog.tsx';
import { ActivationLockPasswordDialog, TurnOffActivationLockDialog, TurnOnActivationLockDialog } from '../activation-lock/ActivationLockDialogs.tsx';
import { AbmUnbindDialog, EraseDialog, RemoveMainProfileDialog } from '../release/ReleaseDialogs.tsx';
import { OneClickUnlockDialog } from '../release/OneClickUnlockDialog.tsx';

const DIALOGS = {
  lock: LockDialog,
  unlock: UnlockDialog,
  sound: PlaySoundDialog,
  locate: LocateDialog,
  reboot: RebootDialog,
  'clear-passcode': ClearPasscodeDialog,
  recycle: MoveToRecycleBinDialog,
  restore: RestoreDialog,
  remove: RemoveDialog,
  'set-global-http-proxy': SetGlobalProxyDialog,
  'remove-global-http-proxy': RemoveGlobalProxyDialog,
  'set-dns-setting': DnsDialog,
  'clear-dns-setting': ClearDnsDialog,
  'install-apps': InstallAppsDialog,
  'set-wallpaper': SetWallpaperDialog,
  'os-update': OsUpdateDialog,
  'set-system-restriction': SystemRestrictionDialog,
  'set-app-restriction': AppRestrictionDialog,
  'temporary-allow-enterprise-app-trust': EnterpriseTrustDialog,
  'turn-on-activation-lock': TurnOnActivationLockDialog,
  'turn-off-activation-lock': TurnOffActivationLockDialog,
  'get-activation-lock-password': ActivationLockPasswordDialog,
  erase: EraseDialog,
  'abm-unbind': AbmUnbindDialog,
  'remove-main-profile': RemoveMainProfileDialog,
  'one-click-unlock': OneClickUnlockDialog,
} as const;

/** DeviceCommand names the dialog a page opens for a device. */
export type DeviceCommand = keyof typeof DIALOGS;

/**
 * DeviceCommandDialog mounts the dialog of one command while it is open, so each opening gets a fresh
 * form and a fresh Idempotency-Key.
 */
export function DeviceCommandDialog({ command, ...props }: CommandConfirmProps & { command: DeviceCommand | null }) {
  if (!command) return null;
  const Dialog = DIALOGS[command];
  return <Dialog key={command} {...props} />;
}
