import type { SensitiveProof } from '@lease/shared';
import { Alert, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../../api/index.ts';
import { showFormError } from '../../../../forms/formRules.ts';
import { SensitiveFields } from '../../../../forms/SensitiveFields.tsx';

interface SensitiveConfirmDialogProps {
  title: string;
  /** What will happen, said plainly. */
  effect: ReactNode;
  okText: string;
  /** Ask for an SMS code sent to the caller's own phone too (the store's switch is on). */
  needSms?: boolean;
  danger?: boolean;
  /** Sends the action with the proof; a rejection keeps the dialog open. */
  onConfirm: (proof: SensitiveProof) => Promise<unknown>;
  onClose: () => void;
}

/**
 * SensitiveConfirmDialog asks for the caller's login or secondary password (and an SMS code where the
 * store requires one) before a sensitive store setting changes (DESIGN §4). A wrong password is shown
 * at the password field, not as a toast.
 */
export function SensitiveConfirmDialog({ title, effect, okText, needSms, danger, onConfirm, onClose }: SensitiveConfirmDialogProps) {
  const [form] = Form.useForm<SensitiveProof>();
  const [pending, setPending] = useState(false);

  const submit = async (values: SensitiveProof) => {
    setPending(true);
    try {
      await onConfirm({ password: values.password, ...(needSms ? { sms_code: values.sms_code } : {}) });
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code === 'SECPWD_MISMATCH') form.setFields([{ name: 'password', errors: [err.message] }]);
      else showFormError(form, err);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ loading: pending, danger }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={460}
    >
      <Alert type={danger ? 'warning' : 'info'} showIcon title={effect} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={submit}>
        <SensitiveFields needSms={needSms} />
      </Form>
    </Modal>
  );
}
