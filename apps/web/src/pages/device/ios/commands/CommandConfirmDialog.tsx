import { Alert, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import type { IosCommandName } from '../../../../api/iosDevice.ts';
import { ConfirmField } from './ConfirmField.tsx';
import { deviceTitle, useDeviceCommand, type DeviceRef } from './useDeviceCommand.ts';

export interface CommandConfirmProps {
  device: DeviceRef;
  onClose: () => void;
  /** Called after the server accepted the command (e.g. to leave a page that no longer applies). */
  onDone?: () => void;
}

interface Wording {
  command: IosCommandName;
  title: string;
  /** What happens to the phone and the hirer, said plainly. */
  effect: ReactNode;
  confirm: string;
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
 * CommandConfirmDialog is the frame of a device command's own dialog: what will happen, the explicit
 * confirmation tick, and one request with the dialog's Idempotency-Key.
 */
export function CommandConfirmDialog({ device, onClose, onDone, ...w }: CommandConfirmProps & Wording) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const send = useDeviceCommand(w.command, {
    doneText: w.doneText,
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  return (
    <Modal
      open
      title={`${w.title} · ${deviceTitle(device)}`}
      okText={w.okText}
      cancelText="取消"
      okButtonProps={{ danger: w.danger, loading: send.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Alert type={w.alert ?? (w.danger ? 'warning' : 'info')} showIcon title={w.effect} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const extra = Object.fromEntries((w.sendFields ?? []).map((name) => [name, values[name]]));
          send.mutate({ device_id: device.id, ...extra });
        }}
      >
        {w.fields}
        <ConfirmField label={w.confirm} />
      </Form>
    </Modal>
  );
}
