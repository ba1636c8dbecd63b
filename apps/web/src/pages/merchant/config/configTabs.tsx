import { Module, type UserInfo } from '@lease/shared';
import type { ReactNode } from 'react';
import { ApiSettings } from '../api/ApiSettings.tsx';
import { AppleWhiteListTab } from './AppleWhiteListTab.tsx';
import { LostModalTab } from './LostModalTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { StoreInfoTab } from './StoreInfoTab.tsx';
import { HxReportTab } from './HxReportTab.tsx';
import { GlobalProxyConfigTab } from '../../device/ios/network/GlobalProxyConfigTab.tsx';
import { IosUpdatePolicyTab } from './IosUpdatePolicyTab.tsx';
import { LeasePolicyTab } from './LeasePolicyTab.tsx';
import { MdmHostTab } from './MdmHostTab.tsx';

export interface ConfigTab {
  /** The `?tab=` value. */
  key: string;
  label: string;
  render: () => ReactNode;
  /** Omitted: every admin sees it. */
  visible?: (user: UserInfo) => boolean;
}

/** CONFIG_TABS are the merchant-config tabs in order; a new settings area is one more entry. */
export const CONFIG_TABS: ConfigTab[] = [
  { key: 'info', label: '门店信息', render: () => <StoreInfoTab /> },
  { key: 'security', label: '安全设置', render: () => <SecurityTab /> },
  { key: 'lost-modal', label: '锁屏提示默认内容', render: () => <LostModalTab /> },
  {
    key: 'apple-white-list',
    label: 'Apple 应用白名单',
    render: () => <AppleWhiteListTab />,
    visible: (user) => user.available_modules.includes(Module.APPLE),
  },
  {
    key: 'ios-update-policy',
    label: '系统更新',
    render: () => <IosUpdatePolicyTab />,
    visible: (user) => user.available_modules.includes(Module.APPLE),
  },
  {
    key: 'global-http-proxy',
    label: '全局代理',
    render: () => <GlobalProxyConfigTab />,
    visible: (user) => user.available_modules.includes(Module.APPLE_GLOBAL_HTTP_PROXY),
  },
  { key: 'lease-policy', label: '分期策略', render: () => <LeasePolicyTab /> },
  { key: 'api', label: '开放接口', render: () => <ApiSettings /> },
  { key: 'mdm-host', label: '专属域名', render: () => <MdmHostTab /> },
  {
    key: 'hx-report',
    label: '报告密钥',
    render: () => <HxReportTab />,
    visible: (user) => user.available_modules.includes(Module.REPORT_BASIC) || user.available_modules.includes(Module.REPORT_ADVANCED),
  },
];
