import { Flex, QRCode, Typography } from 'antd';

interface EnrollLinkProps {
  link: string;
  serial: string;
  /** QR code edge in px; the registration result uses a smaller one per device. */
  size?: number;
  /** `column` puts the code above the text, for narrow side panels. */
  layout?: 'row' | 'column';
}

/**
 * EnrollLink is what the hirer needs to enrol a phone: the link as a QR code to scan with the phone's
 * camera, and as text to copy into a chat message. The link only works in Safari on that phone.
 */
export function EnrollLink({ link, serial, size = 132, layout = 'row' }: EnrollLinkProps) {
  return (
    <Flex gap={16} align="center" vertical={layout === 'column'}>
      <QRCode value={link} size={size} errorLevel="L" bordered={false} style={{ flex: 'none', padding: 0 }} />
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Typography.Text strong>序列号 {serial}</Typography.Text>
        <Typography.Paragraph
          copyable={{ text: link, tooltips: ['复制链接', '已复制'] }}
          ellipsis={{ rows: 2 }}
          style={{ marginBottom: 0, wordBreak: 'break-all' }}
        >
          {link}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          请租机人用这台 iPhone 的相机扫码，或在 Safari 中打开链接，按提示安装描述文件。
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
