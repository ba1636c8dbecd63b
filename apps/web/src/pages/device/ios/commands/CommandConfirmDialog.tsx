import type { IosCommandName } from '../../../../api/iosDevice.ts';
import { closeThenDone, type CommandDialogProps, SendConfirmDialog, type SendWording } from '../../shared/CommandDialog.tsx';
import { deviceTitle, useDeviceCommand, type DeviceRef } from './useDeviceCommand.ts';

/** CommandConfirmProps are what a page gives an Apple command's dialog. */
export type CommandConfirmProps = CommandDialogProps<DeviceRef>;

/** CommandWording is what one command's dialog says and sends. */
export interface CommandWording extends SendWording {
  command: IosCommandName;
  /** Toast for commands that finish at once; queued commands say they run when the phone is online. */
  doneText?: string;
}

/**
 * CommandConfirmDialog is an Apple command's dialog: the shared body (SendConfirmDialog) and one request with the
 * dialog's Idempotency-Key.
 */
export function CommandConfirmDialog({ device, onClose, onDone, command, doneText, ...w }: CommandConfirmProps & CommandWording) {
  const send = useDeviceCommand(command, { doneText, onSuccess: closeThenDone({ onClose, onDone }) });
  return (
    <SendConfirmDialog
      {...w}
      deviceTitle={deviceTitle(device)}
      pending={send.isPending}
      onClose={onClose}
      send={(fields) => send.mutate({ device_id: device.id, ...fields })}
    />
  );
}
