import { newPassword } from '@lease/shared';
import { Form, Input } from 'antd';
import { required, sameAs, schemaRule } from './formRules.ts';

/** PasswordFields is a new password (spec §5 rules, common passwords refused) and its confirmation. */
export function PasswordFields({ label = '新密码' }: { label?: string }) {
  return (
    <>
      <Form.Item name="password" label={label} rules={[required(`请输入${label}`), schemaRule(newPassword)]} hasFeedback>
        <Input.Password placeholder="6-16 位字母、数字或常用符号" autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={[required('请再次输入密码'), sameAs('password')]} hasFeedback>
        <Input.Password placeholder="再次输入密码" autoComplete="new-password" maxLength={16} />
      </Form.Item>
    </>
  );
}
