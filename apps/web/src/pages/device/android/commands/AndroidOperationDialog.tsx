import { lazy, Suspense } from 'react';
import { AndroidLockDialog } from './AndroidLockDialog.tsx';
import {
  ArchiveDialog,
  DeregulateDialog,
  LocateDialog,
  type OperationDialogProps,
  RegulateDialog,
  SyncRestrictionDialog,
  UnlockDialog,
} from './OperationDialogs.tsx';
import { PasscodeDialog } from './PasscodeDialog.tsx';

// The wallpaper picker and its upload dialog load only when a clerk sets a wallpaper.
const WallpaperDialog = lazy(() => import('./WallpaperDialog.tsx'));

const DIALOGS = {
  lock: AndroidLockDialog,
  unlock: UnlockDialog,
  regulate: RegulateDialog,
  deregulate: DeregulateDialog,
  locate: LocateDialog,
  'sync-restriction': SyncRestrictionDialog,
  archive: ArchiveDialog,
  wallpaper: (p: OperationDialogProps) => (
    <Suspense fallback={null}>
      <WallpaperDialog {...p} />
    </Suspense>
  ),
  'unlock-passcode': (p: OperationDialogProps) => <PasscodeDialog {...p} purpose="unlock" />,
  'deregulate-passcode': (p: OperationDialogProps) => <PasscodeDialog {...p} purpose="deregulate" />,
} as const;

/** AndroidDialog names the dialog a page opens for a phone. */
export type AndroidDialog = keyof typeof DIALOGS;

/** AndroidOperationDialog mounts one operation's dialog while it is open: a fresh form and Idempotency-Key each time. */
export function AndroidOperationDialog({ dialog, ...props }: OperationDialogProps & { dialog: AndroidDialog | null }) {
  if (!dialog) return null;
  const Dialog = DIALOGS[dialog];
  return <Dialog key={dialog} {...props} />;
}
