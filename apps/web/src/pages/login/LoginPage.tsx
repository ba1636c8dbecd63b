import type { LoginRequest } from '@lease/shared';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/auth.ts';
import { beginSession } from '../../auth/sessionActions.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { required, showFormError } from '../../forms/formRules.ts';
import { PASSWORD_RE, PHONE_RE, msg } from '@lease/shared/patterns';
import { safeRedirect } from '../../router/guard.ts';

export default function LoginPage() {
  const [form] = Form.useForm<LoginRequest>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const submit = useMutation({
    mutationFn: login,
    onSuccess: async (pair) => {
      beginSession(pair);
      await navigate(safeRedirect(search.get('redirect')), { replace: true });
    },
    onError: (err) => showFormError(form, err),
  });

  return (
    <AuthCard title="登录">
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => submit.mutate(values)}>
        <Form.Item name="account" label="手机号" rules={[required('请输入手机号'), { pattern: PHONE_RE, message: msg.phone }]}>
          <Input prefix={<MobileOutlined />} placeholder="登录手机号" maxLength={11} autoComplete="username" inputMode="tel" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[required('请输入密码'), { pattern: PASSWORD_RE, message: msg.password }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" maxLength={16} autoComplete="current-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submit.isPending}>
            登录
          </Button>
        </Form.Item>
        <Flex justify="space-between">
          <Link to="/forgot-password">忘记密码</Link>
          <Link to="/system/register/new-store">注册门店</Link>
        </Flex>
      </Form>
    </AuthCard>
  );
}
