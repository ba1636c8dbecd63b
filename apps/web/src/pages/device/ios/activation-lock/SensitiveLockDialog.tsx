import type { ActivationLockState, SensitiveProof, SmsGuardedAction } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { activationLockStateQuery } from '../../../../api/activationLock.ts';
import { needSmsQuery } from '../../../../api/system.ts';
import { isApiError } from '../../../../api/index.ts';
import { iosKeys } from '../../../../api/iosDevice.ts';
import { showFormError } from '../../../../forms/formRules.ts';
import { SensitiveFields } from '../../../../forms/SensitiveFields.tsx';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ConfirmField } from '../../shared/ConfirmField.tsx';
import { deviceTitle } from '../commands/useDeviceCommand.ts';

export const ABM_TOKEN_PATH = '/console/merchant/update-abm-token';
type Guarded = (typeof SmsGuardedAction)[keyof typeof SmsGuardedAction];

export interface LockDialogWording {
  title: string;
  /** What happens to the phone and the hirer, said plainly. */
  effect: ReactNode;
  okText: string;
  /** The confirmation tick; the password dialog changes nothing and has none. */
  confirm?: string;
  danger?: boolean;
  /** The sms-verify-switch action whose need the server is asked about. */
  action: Guarded;
  /** Why the server would refuse now (from its state), shown instead of a form that cannot succeed. */
  refusal: (state: ActivationLockState) => string | null;
}

interface SensitiveLockDialogProps<T> extends CommandConfirmProps, LockDialogWording {
  submit: (proof: SensitiveProof) => Promise<T>;
  /** The view after the server answered; undefined closes the dialog (the submit's own toast said enough). */
  answered: (result: T) => ReactNode | undefined;
}

/** Refusal says why the action cannot run; without an ABM token it points to the page where the admin uploads one. */
function Refusal({ text, abmMissing }: { text: string; abmMissing: boolean }) {
  return (
    <Alert
      type="error"
      showIcon
      title={text}
      description={abmMissing ? <Link to={ABM_TOKEN_PATH}>前往「更新 ABM 令牌」（需管理员）</Link> : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * SensitiveLockDialog is the frame of the three Activation Lock dialogs: what will happen, why it cannot happen
 * now (asked of the server before any password is typed), the caller's password and, when the store asks for it,
 * an SMS code. Errors stay in the dialog: a wrong password at its field, the rest as the request client shows them.
 */
export function SensitiveLockDialog<T>({ device, onClose, onDone, submit, answered, ...w }: SensitiveLockDialogProps<T>) {
  const [form] = Form.useForm<SensitiveProof & { confirmed?: boolean }>();
  const queryClient = useQueryClient();
  const state = useQuery(activationLockStateQuery(device.id));
  const needSms = useQuery(needSmsQuery(w.action)).data?.need ?? false;
  const [view, setView] = useState<ReactNode>(null);
  const send = useMutation({
    mutationFn: (v: SensitiveProof) => submit({ password: v.password, ...(needSms ? { sms_code: v.sms_code } : {}) }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: iosKeys.device(device.id) });
      const next = answered(result);
      onDone?.();
      if (next === undefined) onClose();
      else setView(next);
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'SECPWD_MISMATCH') form.setFields([{ name: 'password', errors: [err.message] }]);
      else showFormError(form, err);
    },
  });
  const title = `${w.title} · ${deviceTitle(device)}`;

  if (view) {
    return (
      <Modal
        open
        title={title}
        onCancel={onClose}
        destroyOnHidden
        width={480}
        footer={
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        }
      >
        {view}
      </Modal>
    );
  }

  const refusal = state.data ? w.refusal(state.data) : null;
  return (
    <Modal
      open
      title={title}
      okText={w.okText}
      cancelText="取消"
      okButtonProps={{ danger: w.danger, loading: send.isPending, disabled: !state.data || Boolean(refusal) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Alert type={w.danger ? 'warning' : 'info'} showIcon title={w.effect} style={{ marginBottom: 16 }} />
      {state.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : refusal ? (
        <Refusal text={refusal} abmMissing={Boolean(state.data?.abm_missing)} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => send.mutate(v)}>
          <SensitiveFields needSms={needSms} />
          {w.confirm && <ConfirmField label={w.confirm} />}
        </Form>
      )}
    </Modal>
  );
}
