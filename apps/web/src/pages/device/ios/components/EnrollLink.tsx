import { useQuery } from '@tanstack/react-query';
import { Flex, QRCode } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { enrollShortLinkQuery } from '../../../../api/iosDevice.ts';

interface EnrollLinkProps {
  link: string;
  serial: string;
  /** The phone's id: with it the short link (`/e/…`, fits in an SMS) is fetched and offered first. */
  deviceId?: string;
  /** QR code edge in px; the registration result uses a smaller one per device. */
  size?: number;
  /** `column` puts the code above the text, for narrow side panels. */
  layout?: 'row' | 'column';
}

/**
 * ShortLink: the SMS-sized link, once the server has issued it; nothing if that fails. While it loads its line is
 * held, so the long link and the text below it do not move down when it comes (CLS).
 */
function ShortLink({ deviceId }: { deviceId: string }) {
  const { data: short, isPending } = useQuery(enrollShortLinkQuery(deviceId));
  if (isPending)
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        短链接生成中…
      </Typography.Paragraph>
    );
  if (!short) return null;
  return (
    <Typography.Paragraph copyable={{ text: short.short_link, tooltips: ['复制短链接', '已复制'] }} style={{ marginBottom: 0 }}>
      短链接 <Typography.Text code>{short.short_link}</Typography.Text>
    </Typography.Paragraph>
  );
}

/**
 * EnrollLink is what the hirer needs to enrol a phone: the link as a QR code to scan with the phone's
 * camera, and as text to copy into a chat message or an SMS (the short form). The link only works in Safari on that phone.
 */
export function EnrollLink({ link, serial, deviceId, size = 132, layout = 'row' }: EnrollLinkProps) {
  return (
    <Flex gap={16} align="center" vertical={layout === 'column'}>
      <QRCode value={link} size={size} errorLevel="L" bordered={false} style={{ flex: 'none', padding: 0 }} />
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Typography.Text strong>序列号 {serial}</Typography.Text>
        {deviceId && <ShortLink deviceId={deviceId} />}
        <Typography.Paragraph
          copyable={{ text: link, tooltips: ['复制完整链接', '已复制'] }}
          ellipsis={{ rows: 2 }}
          type={deviceId ? 'secondary' : undefined}
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
