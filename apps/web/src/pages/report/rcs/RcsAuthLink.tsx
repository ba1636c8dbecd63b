import type { RcsRecord } from '@lease/shared';
import { Flex, QRCode } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';

/** RcsAuthLink is what the hirer needs to authorise the query on their own phone: a QR code to scan and the link to send. */
export function RcsAuthLink({ record }: { record: Pick<RcsRecord, 'auth_url' | 'name'> }) {
  return (
    <Flex gap={16} align="center" wrap>
      <QRCode value={record.auth_url} size={148} errorLevel="M" bordered={false} style={{ flex: 'none', padding: 0 }} />
      <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Typography.Text strong>请 {record.name} 本人用手机扫码授权</Typography.Text>
        <Typography.Paragraph
          copyable={{ text: record.auth_url, tooltips: ['复制链接', '已复制'] }}
          style={{ marginBottom: 0, wordBreak: 'break-all' }}
          data-testid="rcs-auth-url"
        >
          {record.auth_url}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          也可以把链接发给租机人。租机人在微信和支付宝中分别授权后，两份报告的链接会自动出现在列表中。
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
