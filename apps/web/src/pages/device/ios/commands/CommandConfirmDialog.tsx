import type { ReactNode } from 'react';
import type { IosCommandName } from '../../../../api/iosDevice.ts';
import { ConfirmCommandModal } from './ConfirmCommandModal.tsx';
import { deviceTitle, useDeviceCommand, type DeviceRef } from './useDeviceCommand.ts';

export interface CommandConfirmProps {
  device: DeviceRef;
  onClose: () => void;
  /** Called after the server accepted the command (e.g. to leave a page that no longer applies). */
  onDone?: () => void;
}

/** CommandWording is what one command's dialog says and sends. */
export interface CommandWording {
  command: IosCommandName;
  title: string;
  /** What happens to the phone and the hirer, said plainly. */
  effect: ReactNode;
  confirm?: string;
  okText: string;
  danger?: boolean;
  /** Toast for commands that finish at once; queued commands say they run when the phone is online. */
  doneText?: string;
  /** Extra form fields; only those named in `sendFields` go into the request body (e.g. a password). */
  fields?: ReactNode;
  sendFields?: string[];
  alert?: 'info' | 'warning' | 'error';
}

/**
 * CommandConfirmDialog is an Apple command's dialog: ConfirmCommandModal's frame and one request with the
 * dialog's Idempotency-Key.
 */
export function CommandConfirmDialog({ device, onClose, onDone, command, sendFields, title, doneText, ...w }: CommandConfirmProps & CommandWording) {
  const send = useDeviceCommand(command, {
    doneText,
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  return (
    <ConfirmCommandModal
      {...w}
      title={`${title} · ${deviceTitle(device)}`}
      pending={send.isPending}
      onClose={onClose}
      onSubmit={(values) => {
        const extra = Object.fromEntries((sendFields ?? []).map((name) => [name, values[name]]));
        send.mutate({ device_id: device.id, ...extra });
      }}
    />
  );
}
