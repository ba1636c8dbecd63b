import type { ExpiryWarning } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { expiryWarningsQuery } from '../api/system.ts';

const TITLE: Record<ExpiryWarning['kind'], string> = {
  'mdm-ca': '设备管理 CA 证书即将过期',
  'apns-certificate': 'APNs 推送证书即将过期',
  'abm-token': 'ABM 服务器令牌即将过期',
  'identity-renewal': '有设备未完成身份证书续期',
};

const SHOWN_SERIALS = 10;

/**
 * ExpiryWarnings shows what the server reports as ending within 30 days (admins only). With `showAllClear` it
 * also says when nothing is ending, for the dev page; the home page shows nothing then.
 */
export function ExpiryWarnings({ showAllClear = false }: { showAllClear?: boolean }) {
  const { data, isError } = useQuery(expiryWarningsQuery);
  if (isError) return showAllClear ? <Alert type="info" showIcon title="证书到期提醒暂时无法加载" /> : null;
  if (!data) return null;
  if (data.list.length === 0) {
    return showAllClear ? <Alert type="success" showIcon title="设备管理 CA、APNs 推送证书、ABM 令牌与设备身份证书均在 30 天以上有效" /> : null;
  }
  return (
    <Flex vertical gap={8}>
      {data.list.map((w) => (
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
                  设备序列号：{w.devices.slice(0, SHOWN_SERIALS).map((d) => d.serial_number).join('、')}
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
