import { Form, Input } from 'antd';

/** CallerSecretField asks the clerk's login or second password before a sensitive action (sent as `password`). */
export function CallerSecretField() {
  return (
    <Form.Item name="password" label="登录密码或二级密码" rules={[{ required: true, message: '请输入密码以确认身份' }]}>
      <Input.Password autoComplete="current-password" placeholder="敏感操作，需要验证你的身份" />
    </Form.Item>
  );
}
