import { useQuery } from '@tanstack/react-query';
import { Divider, Flex, Skeleton } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { apiKeyInfoQuery } from '../../../api/apiKey.ts';
import { smsVerifySwitchQuery } from '../../../api/store.ts';
import { ApiKeyStatus } from './ApiKeyStatus.tsx';
import { CallbackForm } from './CallbackForm.tsx';
import { SigningGuide } from './SigningGuide.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

/**
 * ApiSettings is the 开放接口 tab of 门店设置: the store's key pair and switch, where webhooks go, who may call,
 * the delivery history, and how to sign. Admin only (the route and the server both check).
 */
export function ApiSettings() {
  const info = useQuery(apiKeyInfoQuery);
  const sms = useQuery(smsVerifySwitchQuery);
  if (!info.data) return <Skeleton active />;
  const needSms = sms.data?.enabled ?? false;

  return (
    <Flex vertical gap={8} style={{ maxWidth: 1100 }}>
      <ApiKeyStatus info={info.data} needSms={needSms} />
      <Divider titlePlacement="start" style={{ margin: '16px 0 8px' }}>
        回调与访问限制
      </Divider>
      <CallbackForm info={info.data} />
      <Divider titlePlacement="start" style={{ margin: '16px 0 8px' }}>
        回调记录
      </Divider>
      <Typography.Text type="secondary">
        设备事件发送到回调地址的记录。发送失败会自动重试（30 秒、2 分钟、10 分钟、1 小时、6 小时后），仍失败的可以手动重新发送。
      </Typography.Text>
      <WebhookDeliveries />
      <Divider titlePlacement="start" style={{ margin: '16px 0 8px' }}>
        如何签名
      </Divider>
      <SigningGuide />
    </Flex>
  );
}
