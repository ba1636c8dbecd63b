import { useQuery } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { devStatusQuery } from '../../api/dev.ts';
import { isApiError } from '../../api/index.ts';
import { ExpiryWarnings } from '../../components/ExpiryWarnings.tsx';
import { AdaptersCard } from './AdaptersCard.tsx';
import { SmsOutboxCard } from './SmsOutboxCard.tsx';

/**
 * DevPage (/system/dev) shows the server's adapters and, while codes go to the local outbox, the outbox itself.
 * The server serves it only with DEV_TOOLS=1 and only to the demo store's admin; others are told so here.
 */
export default function DevPage() {
  const status = useQuery(devStatusQuery);
  const sms = status.data?.adapters.find((a) => a.name === 'sms');
  const refused = isApiError(status.error) ? status.error : null;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100, margin: '0 auto' }}>
      <h1 style={{ margin: 0, fontSize: 28 }}>开发者页面</h1>
      {refused ? (
        <Alert
          type="error"
          showIcon
          title={refused.status === 404 ? '开发者工具未开启' : '无法打开开发者工具'}
          description={
            refused.status === 404
              ? '服务器未设置 DEV_TOOLS=1，开发者页面与短信发件箱不可用。'
              : `${refused.message}。请使用演示门店的管理员账号登录后再打开本页。`
          }
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          title="仅供开发与演示使用"
          description={
            sms?.live
              ? `短信由真实网关发送：${sms.impl}。验证码只发到手机，不在本页显示。`
              : '短信未真实发送：验证码不会发到手机，而是保存在下方的短信发件箱中（仅演示门店管理员可见）。'
          }
        />
      )}
      {status.data && <ExpiryWarnings showAllClear />}
      {!refused && <AdaptersCard />}
      {!refused && sms && !sms.live && <SmsOutboxCard />}
    </Flex>
  );
}
