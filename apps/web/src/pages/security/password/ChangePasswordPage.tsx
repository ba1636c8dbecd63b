import { PasswordType } from '@lease/shared';
import { Tabs } from 'antd';
import { PasswordForm } from './PasswordForm.tsx';
import { Panel } from '../../../components/Panel.tsx';

export default function ChangePasswordPage() {
  return (
    <Panel title="修改密码">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'login', label: '登录密码', children: <PasswordForm type={PasswordType.LOGIN} /> },
          { key: 'secondary', label: '二级密码', children: <PasswordForm type={PasswordType.SECONDARY} /> },
        ]}
      />
    </Panel>
  );
}
