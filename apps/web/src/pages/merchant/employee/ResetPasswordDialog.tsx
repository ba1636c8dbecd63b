import type { ClerkListItem } from '@lease/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Modal } from 'antd';
import { resetClerkPassword } from '../../../api/clerk.ts';
import { feedback } from '../../../app/feedback.ts';
import { showFormError } from '../../../forms/formRules.ts';
import { PasswordFields } from '../../../forms/PasswordFields.tsx';

interface Values {
  password: string;
  confirm: string;
}

/** ResetPasswordDialog sets a clerk's new password, typed twice; the clerk is signed out everywhere. */
export function ResetPasswordDialog({ clerk, onClose }: { clerk: ClerkListItem; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const reset = useMutation({
    mutationFn: ({ password }: Values) => resetClerkPassword({ id: clerk.id, password }),
    onSuccess: () => {
      feedback.message.success(`已重置 ${clerk.name} 的密码`);
      onClose();
    },
    onError: (err) => showFormError(form, err),
  });
  return (
    <Modal
      open
      title={`重置密码 · ${clerk.name}`}
      okText="重置密码"
      cancelText="取消"
      okButtonProps={{ loading: reset.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={440}
    >
      <Alert type="warning" showIcon title="重置后该店员会立即退出登录，需用新密码重新登录。请把新密码当面告知店员。" style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" onFinish={(v) => reset.mutate(v)}>
        <PasswordFields label="新密码" />
      </Form>
    </Modal>
  );
}
