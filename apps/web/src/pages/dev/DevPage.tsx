import { Alert, Flex } from 'antd';
import { useUser } from '../../auth/useUser.ts';
import { ExpiryWarnings } from '../../components/ExpiryWarnings.tsx';
import { isAdmin } from '../../router/guard.ts';
import { AdaptersCard } from './AdaptersCard.tsx';
import { SmsOutboxCard } from './SmsOutboxCard.tsx';

/** DevPage (/system/dev) shows the server's adapters and the local SMS outbox; no login needed. */
export default function DevPage() {
  const user = useUser();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100, margin: '0 auto' }}>
      <h1 style={{ margin: 0, fontSize: 28 }}>开发者页面</h1>
      <Alert
        type="warning"
        showIcon
        title="仅供开发与演示使用"
        description="本页显示服务器当前使用的外部服务实现。使用本地默认短信实现时，验证码不会真正发送到手机，而是保存在下方的短信发件箱中。"
      />
      {isAdmin(user) ? <ExpiryWarnings showAllClear /> : <Alert type="info" showIcon title="证书与令牌的到期提醒仅对管理员显示" />}
      <AdaptersCard />
      <SmsOutboxCard />
    </Flex>
  );
}
