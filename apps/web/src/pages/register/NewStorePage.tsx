import { registerStoreRequest, type RegisterStoreRequest } from '@lease/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { registerStore, sendSmsCodeNoAuth } from '../../api/system.ts';
import { feedback } from '../../app/feedback.ts';
import { beginSession } from '../../auth/sessionActions.ts';
import { required, schemaRule, showFormError } from '../../forms/formRules.ts';
import { PasswordFields } from '../../forms/PasswordFields.tsx';
import { SmsCodeField } from '../../forms/SmsCodeField.tsx';

type NewStoreForm = RegisterStoreRequest & { confirm: string };
const field = registerStoreRequest.shape;

/** NewStorePage registers a store with its first clerk, who becomes the store's admin and is signed in. */
export default function NewStorePage() {
  const [form] = Form.useForm<NewStoreForm>();
  const navigate = useNavigate();
  const submit = useMutation({
    mutationFn: ({ confirm: _confirm, ...body }: NewStoreForm) => registerStore(body),
    onSuccess: async (pair) => {
      beginSession(pair);
      feedback.message.success('门店注册成功');
      await navigate('/console', { replace: true });
    },
    onError: (err) => showFormError(form, err),
  });

  const sendCode = async (onVerify: () => void) => {
    const { phone_number } = await form.validateFields(['phone_number']);
    return sendSmsCodeNoAuth(phone_number, 'register', onVerify);
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => submit.mutate(values)}>
      <Form.Item name="store_name" label="门店名称" rules={[required('请输入门店名称'), schemaRule(field.store_name)]}>
        <Input placeholder="门店名称" maxLength={40} />
      </Form.Item>
      <Form.Item name="name" label="您的姓名" rules={[required('请输入姓名'), schemaRule(field.name)]}>
        <Input placeholder="管理员姓名" maxLength={20} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone_number" label="手机号" rules={[required('请输入手机号'), schemaRule(field.phone_number)]}>
        <Input placeholder="用于登录的手机号" maxLength={11} autoComplete="username" inputMode="tel" />
      </Form.Item>
      <SmsCodeField send={sendCode} />
      <PasswordFields label="登录密码" />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submit.isPending}>
          注册并登录
        </Button>
      </Form.Item>
      <Link to="/login">已有账号？去登录</Link>
    </Form>
  );
}
