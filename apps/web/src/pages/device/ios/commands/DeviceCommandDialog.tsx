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
