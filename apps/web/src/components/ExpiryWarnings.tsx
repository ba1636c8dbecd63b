import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { expiryWarningsQuery } from '../api/system.ts';
import type { ExpiryAlertsProps } from './ExpiryAlerts.tsx';

// Most days nothing is ending: the alerts (antd Alert and its icons) load only when there is one to show,
// which keeps them out of the console home's first load.
const ExpiryAlerts = lazy(() => import('./ExpiryAlerts.tsx'));

const UNAVAILABLE = { type: 'info', title: '证书到期提醒暂时无法加载' } as const;
const ALL_CLEAR = { type: 'success', title: '设备管理 CA、APNs 推送证书、ABM 令牌与设备身份证书均在 30 天以上有效' } as const;

/**
 * ExpiryWarnings shows what the server reports as ending within 30 days (admins only). With `showAllClear` it
 * also says when nothing is ending, for the dev page; the home page shows nothing then.
 */
export function ExpiryWarnings({ showAllClear = false }: { showAllClear?: boolean }) {
  const { data, isError } = useQuery(expiryWarningsQuery);
  const ending = data?.list ?? [];
  let alerts: ExpiryAlertsProps;
  if (ending.length) alerts = { list: ending };
  // Nothing ending, or the list could not be read: only the dev page says so.
  else if (showAllClear && (data || isError)) alerts = { note: isError ? UNAVAILABLE : ALL_CLEAR };
  else return null;
  return (
    <Suspense fallback={null}>
      <ExpiryAlerts {...alerts} />
    </Suspense>
  );
}
