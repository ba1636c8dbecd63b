import type { ComponentType } from 'react';
import { type ConfirmCommandWording, ConfirmCommandModal } from './ConfirmCommandModal.tsx';

/** CommandDialogProps are what a page gives the dialog of one device command, on either platform. */
export interface CommandDialogProps<Device> {
  device: Device;
  onClose: () => void;
  /** Called after the server accepted the command (e.g. to leave a page that no longer applies). */
  onDone?: () => void;
}

/** closeThenDone is a command dialog's onSuccess: it closes, then tells the page. */
export const closeThenDone =
  ({ onClose, onDone }: Pick<CommandDialogProps<unknown>, 'onClose' | 'onDone'>) =>
  () => {
    onClose();
    onDone?.();
  };

/** SendWording is what a command's dialog says, and which of its form fields go into the request body. */
export interface SendWording extends ConfirmCommandWording {
  /** Form fields that go into the request body (e.g. the password); the others only confirm. */
  sendFields?: string[];
}

interface SendConfirmDialogProps extends SendWording {
  /** The device as the clerk knows it, after the command's title. */
  deviceTitle: string;
  pending: boolean;
  send: (fields: Record<string, unknown>) => void;
  onClose: () => void;
}

/**
 * SendConfirmDialog is the body of every command dialog made from wording alone (Apple and Android):
 * ConfirmCommandModal's frame titled with the device, sending only the `sendFields` of the form.
 */
export function SendConfirmDialog({ title, deviceTitle, sendFields, send, ...w }: SendConfirmDialogProps) {
  return (
    <ConfirmCommandModal
      {...w}
      title={`${title} · ${deviceTitle}`}
      onSubmit={(values) => send(Object.fromEntries((sendFields ?? []).map((name) => [name, values[name]])))}
    />
  );
}

/** dialogFactory makes, from a platform's confirm dialog, the dialog of a command that needs only its wording. */
export const dialogFactory =
  <Props extends object, Wording extends object>(Dialog: ComponentType<Props & Wording>) =>
  (wording: Wording) =>
  (p: Props) => <Dialog {...p} {...wording} />;
