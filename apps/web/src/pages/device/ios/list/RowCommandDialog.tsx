import type { IosDeviceListItem } from '@lease/shared';
import { lazy, Suspense } from 'react';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import { deviceName } from './deviceColumns.tsx';

/** RowCommand is a command a clerk started from a row of a device table. */
export interface RowCommand {
  name: DeviceCommand;
  device: IosDeviceListItem;
}

// The command dialogs (lock form, date picker, wallpapers, upload…) load on the first click, not with the list.
const DeviceCommandDialog = lazy(() => import('../commands/DeviceCommandDialog.tsx').then((m) => ({ default: m.DeviceCommandDialog })));

/** RowCommandDialog opens the command's dialog for a table row, titled as the row shows the phone. */
export function RowCommandDialog({ command, onClose, onDone }: { command: RowCommand | null; onClose: () => void; onDone?: () => void }) {
  if (!command) return null;
  const { device } = command;
  return (
    <Suspense fallback={null}>
      <DeviceCommandDialog
        command={command.name}
        device={{ id: device.id, model_name: deviceName(device), serial_number: device.serial_number, lock_status: device.lock_status }}
        onClose={onClose}
        onDone={onDone}
      />
    </Suspense>
  );
}
