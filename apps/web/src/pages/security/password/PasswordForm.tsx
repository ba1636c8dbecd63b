import { PasswordType, type UpdatePasswordRequest, maskPhone } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useNavigate } from 'react-router';
import { sendSmsCode } from '../../../api/system.ts';
import { meQuery, updatePassword } from '../../../api/user.ts';
import { feedback } from '../../../app/feedback.ts';
import { LOGIN_PATH } from '../../../auth/paths.ts';
import { sessionTokens } from '../../../auth/session.ts';
import { useUser } from '../../../auth/useUser.ts';
import { showFormError } from '../../../forms/formRules.ts';
import { PasswordFields } from '../../../forms/PasswordFields.tsx';
import { SmsCodeField } from '../../../forms/SmsCodeField.tsx';

type PasswordFormValues = Omit<UpdatePasswordRequest, 'type'> & { confirm: string };

/** PasswordForm sets the login password (type 0) or the secondary password (type 1) with an SMS code. */
export function PasswordForm({ type }: { type: UpdatePasswordRequest['type'] }) {
  const user = useUser();
  const [form] = Form.useForm<PasswordFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLogin = type === PasswordType.LOGIN;

  const submit = useMutation({
    mutationFn: ({ sms_code, password }: PasswordFormValues) => updatePassword({ type, sms_code, password }),
    onSuccess: async () => {
      if (!isLogin) {
        feedback.message.success('二级密码已保存');
        form.resetFields();
        await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
        return;
      }
      // After a login-password change the clerk signs in again with the new password.
      feedback.message.success('密码已修改，请重新登录');
      sessionTokens.clear();
      await navigate(LOGIN_PATH, { replace: true });
      queryClient.clear();
    },
    onError: (err) => showFormError(form, err),
  });

  const notice = isLogin
    ? '修改后需要使用新密码重新登录。'
    : user.has_secondary_password
      ? '已设置二级密码，提交后将替换为新的二级密码。'
      : '尚未设置二级密码。二级密码用于确认敏感操作。';

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(values) => submit.mutate(values)}>
      <Alert type="info" showIcon title={`${notice}验证码将发送至 ${maskPhone(user.phone_number)}。`} style={{ marginBottom: 24 }} />
      <SmsCodeField send={() => sendSmsCode('update-password')} />
      <PasswordFields label={isLogin ? '新登录密码' : '新二级密码'} />
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {isLogin ? '修改登录密码' : '保存二级密码'}
        </Button>
      </Form.Item>
    </Form>
  );
}
