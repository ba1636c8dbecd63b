import { phoneNumber, type ResetPasswordRequest } from '@lease/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '../../api/auth.ts';
import { sendSmsCodeNoAuth } from '../../api/system.ts';
import { feedback } from '../../app/feedback.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { required, schemaRule, showFormError } from '../../forms/formRules.ts';
import { PasswordFields } from '../../forms/PasswordFields.tsx';
import { SmsCodeField } from '../../forms/SmsCodeField.tsx';

type ResetForm = ResetPasswordRequest & { confirm: string };

export default function ForgotPasswordPage() {
  const [form] = Form.useForm<ResetForm>();
  const navigate = useNavigate();
  const submit = useMutation({
    mutationFn: ({ phone_number, sms_code, password }: ResetForm) => resetPassword({ phone_number, sms_code, password }),
    onSuccess: async () => {
      feedback.message.success('密码已重置，请使用新密码登录');
      await navigate('/login', { replace: true });
    },
    onError: (err) => showFormError(form, err),
  });

  const sendCode = async (onVerify: () => void) => {
    const { phone_number } = await form.validateFields(['phone_number']);
    return sendSmsCodeNoAuth(phone_number, 'reset-password', onVerify);
  };

  return (
    <AuthCard title="找回密码">
      <Form form={form} layout="vertical" onFinish={(values) => submit.mutate(values)}>
        <Form.Item name="phone_number" label="手机号" rules={[required('请输入手机号'), schemaRule(phoneNumber)]}>
          <Input placeholder="注册时使用的手机号" maxLength={11} autoComplete="username" inputMode="tel" />
        </Form.Item>
        <SmsCodeField send={sendCode} />
        <PasswordFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submit.isPending}>
            重置密码
          </Button>
        </Form.Item>
        <Link to="/login">返回登录</Link>
      </Form>
    </AuthCard>
  );
}
