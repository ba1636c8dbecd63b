import { PasswordType } from '@lease/shared';
import { Tabs } from 'antd';
import { LostModalForm } from './LostModalForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { Panel } from '../../../components/Panel.tsx';

/** ChangePasswordPage is the clerk's account security (账号安全): both passwords and their own lock-screen text. */
export default function ChangePasswordPage() {
  return (
    <Panel title="账号安全">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'login', label: '登录密码', children: <PasswordForm type={PasswordType.LOGIN} /> },
          { key: 'secondary', label: '二级密码', children: <PasswordForm type={PasswordType.SECONDARY} /> },
          { key: 'lost-modal', label: '锁屏提示', children: <LostModalForm /> },
        ]}
      />
    </Panel>
  );
}
