import type { ExpiryWarning } from '@lease/shared';
import { Alert, Flex } from 'antd';

const TITLE: Record<ExpiryWarning['kind'], string> = {
  'mdm-ca': '设备管理 CA 证书即将过期',
  'apns-certificate': 'APNs 推送证书即将过期',
  'abm-token': 'ABM 服务器令牌即将过期',
  'identity-renewal': '有设备未完成身份证书续期',
};

const SHOWN_SERIALS = 10;

/** What ends within 30 days, or (the dev page) one note that nothing does or that the list could not be read. */
export type ExpiryAlertsProps = { list: ExpiryWarning[]; note?: never } | { list?: never; note: { type: 'info' | 'success'; title: string } };

/** ExpiryAlerts shows each ending item as an alert, with the phones a renewal waits for, or the one note. */
export default function ExpiryAlerts({ list, note }: ExpiryAlertsProps) {
  if (note) return <Alert type={note.type} showIcon title={note.title} />;
  return (
    <Flex vertical gap={8}>
      {list.map((w) => (
        <Alert
          key={w.kind + w.expires_at}
          type={w.days_left < 0 ? 'error' : 'warning'}
          showIcon
          title={TITLE[w.kind]}
          description={
            <>
              <div>{w.message}</div>
              {w.devices && (
                <div>
                  设备序列号：
                  {w.devices
                    .slice(0, SHOWN_SERIALS)
                    .map((d) => d.serial_number)
                    .join('、')}
                  {w.devices.length > SHOWN_SERIALS ? ` 等 ${w.devices.length} 台` : ''}
                </div>
              )}
            </>
          }
        />
      ))}
    </Flex>
  );
}
