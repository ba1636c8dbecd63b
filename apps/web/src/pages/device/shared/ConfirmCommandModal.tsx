import { Alert, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmField } from './ConfirmField.tsx';

export interface ConfirmCommandWording {
  title: string;
  /** What happens to the phone and the hirer, said plainly. */
  effect: ReactNode;
  /**
   * The confirmation tick's label, for what cannot be undone (erase, remove management, deregulate,
   * archive…). Routine reversible commands (lock, unlock, locate, sound, wallpaper) have none: the
   * dialog's button is confirmation enough.
   */
  confirm?: string;
  okText: string;
  danger?: boolean;
  alert?: 'info' | 'warning' | 'error';
  /** Extra form fields above the tick (a password, a serial to type). */
  fields?: ReactNode;
  width?: number;
}

interface ConfirmCommandModalProps extends ConfirmCommandWording {
  /** The dialog's form, when it fills fields in itself (saved lock text); one is made otherwise. */
  form?: FormInstance;
  pending: boolean;
  onSubmit: (values: Record<string, unknown>) => void;
  onClose: () => void;
}

/**
 * ConfirmCommandModal is the frame of every device command's own dialog (Apple and Android): what will
 * happen, the explicit confirmation tick where the command cannot be undone, and the submit that sends once the form is valid.
 */
export function ConfirmCommandModal({ form, pending, onSubmit, onClose, ...w }: ConfirmCommandModalProps) {
  return (
    <FormDialog<Record<string, unknown>>
      title={w.title}
      okText={w.okText}
      width={w.width ?? 480}
      form={form}
      onFinish={onSubmit}
      pending={pending}
      danger={w.danger}
      intro={<Alert type={w.alert ?? (w.danger ? 'warning' : 'info')} showIcon title={w.effect} style={{ marginBottom: 16 }} />}
      onClose={onClose}
    >
      {w.fields}
      {w.confirm && <ConfirmField label={w.confirm} />}
    </FormDialog>
  );
}
