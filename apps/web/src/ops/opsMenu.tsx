import { AuditOutlined, DashboardOutlined, SafetyCertificateOutlined, SettingOutlined, ShopOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface OpsMenuEntry {
  /** Path under /ops; the entry is highlighted on this path and below it. */
  path: string;
  label: string;
  icon?: ReactNode;
}

/**
 * OPS_MENU is the operator console's sider, in display order. A new /ops page adds one line here, one
 * route in router/routeTable.ts (see OPS_ROUTES there) and its page in routes.ts.
 */
export const OPS_MENU: OpsMenuEntry[] = [
  { path: '/ops', label: '运营首页', icon: <DashboardOutlined /> },
  { path: '/ops/stores', label: '门店管理', icon: <ShopOutlined /> },
  { path: '/ops/push-cert', label: '推送证书', icon: <SafetyCertificateOutlined /> },
  { path: '/ops/audit', label: '操作审计', icon: <AuditOutlined /> },
  { path: '/ops/settings', label: '平台设置', icon: <SettingOutlined /> },
];

/** activeOpsEntry picks the longest menu path that the current path is, or is below. */
export function activeOpsEntry(pathname: string, menu: OpsMenuEntry[] = OPS_MENU): string | undefined {
  return menu.filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`)).sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
