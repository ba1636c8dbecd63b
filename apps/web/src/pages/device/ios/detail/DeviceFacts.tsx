import {
  abmStatusLabel,
  appleColorLabel,
  dnsSettingStatusLabel,
  globalProxyStatusLabel,
  osUpdateStatusLabel,
  recycledStatusLabel,
  superviseStatusLabel,
  type IosDeviceDetail,
  type IosLockScreen,
} from '@lease/shared';
import { Flex, Tag, type DescriptionsProps } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../lib/time.ts';
import { FactSections, leaseFacts, none, or, restrictionFact, SimFact } from '../../shared/DeviceFactParts.tsx';
import { LockTag } from '../components/StatusTags.tsx';
import { marketRegion } from './market.ts';
import { WallpaperFact } from '../settings/CurrentWallpaper.tsx';
import { ActivationLockFact } from '../activation-lock/ActivationLockFact.tsx';

const capacity = (gb: number | null) => (gb === null ? none : `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`);
const battery = (level: number | null) => (level === null ? none : `${Math.round(level * 100)}%`);
/** BATTERY_HEALTH: Apple's device.power.battery-health values; iPads answer unsupported, shown as 未知. */
const BATTERY_HEALTH: Record<string, string> = { normal: '正常', 'service-recommended': '建议维修', 'non-genuine': '非原装电池' };
const batteryHealth = (health: string | null | undefined) => (health ? (BATTERY_HEALTH[health] ?? '未知') : none);

function osUpdates(list: Record<string, unknown>[]): ReactNode {
  if (!list.length) return '无可用更新';
  return list.map((u) => String(u.HumanReadableName ?? u.ProductVersion ?? u.Version ?? u.ProductKey ?? '未知更新')).join('、');
}

/** LockScreenFact is what the hirer reads on the locked phone: the message, the contact number and the footnote. */
export function LockScreenFact({ screen }: { screen: IosLockScreen }) {
  return (
    <Flex vertical gap={2} data-testid="lock-screen">
      <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{screen.message}</span>
      {screen.phone_number && <span>联系电话：{screen.phone_number}</span>}
      {screen.footnote && <Typography.Text type="secondary">{screen.footnote}</Typography.Text>}
    </Flex>
  );
}

interface DeviceFactsProps {
  device: IosDeviceDetail;
  onEditHirer: () => void;
  /** Absent without Aa4: the clerk is shown but cannot be changed. */
  onChangeClerk?: () => void;
}

/** DeviceFacts lists every field of the Apple device (spec §3) in Chinese, grouped as a clerk looks for them. */
export function DeviceFacts({ device: d, onEditHirer, onChangeClerk }: DeviceFactsProps) {
  const lease = leaseFacts(d, { onEditHirer, onChangeClerk, registrationLabel: '登记时间' });
  const hardware: DescriptionsProps['items'] = [
    { key: 'serial', label: '序列号', children: <Typography.Text copyable>{d.serial_number}</Typography.Text> },
    {
      key: 'udid',
      label: 'UDID',
      children: d.udid ? (
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {d.udid}
        </Typography.Text>
      ) : (
        none
      ),
    },
    {
      key: 'model',
      label: '型号',
      children: d.model ? `${d.model_name}（${d.model}${d.product_name && d.product_name !== d.model_name ? ` · ${d.product_name}` : ''}）` : none,
    },
    { key: 'color', label: '颜色', children: or(d.color && appleColorLabel(d.color)) },
    { key: 'capacity', label: '容量', children: capacity(d.storage_capacity) },
    { key: 'market', label: '销售地区', children: d.market ? `${marketRegion(d.market)}（${d.market}）` : none },
    { key: 'os', label: '系统版本', children: d.os_version ? `iOS ${d.os_version}` : none },
    { key: 'battery', label: '电量', children: battery(d.battery_level) },
    { key: 'batteryhealth', label: '电池健康', children: batteryHealth(d.battery_health) },
    { key: 'imei1', label: 'IMEI 1', children: or(d.imei_1) },
    { key: 'imei2', label: 'IMEI 2', children: or(d.imei_2) },
    { key: 'meid', label: 'MEID', children: or(d.meid) },
    { key: 'facts', label: '信息更新于', children: formatDateTime(d.facts_updated_at) },
    { key: 'sim1', label: 'SIM 1', children: <SimFact sim={d.sim_1} /> },
    { key: 'sim2', label: 'SIM 2', children: <SimFact sim={d.sim_2} /> },
  ];
  const management: DescriptionsProps['items'] = [
    { key: 'supervise', label: '监管状态', children: superviseStatusLabel[d.supervise_status] ?? none },
    { key: 'abm', label: 'ABM 状态', children: abmStatusLabel[d.abm_status] ?? none },
    { key: 'al', label: '激活锁', children: <ActivationLockFact device={d} /> },
    { key: 'lock', label: '锁定状态', children: <LockTag status={d.lock_status} /> },
    ...(d.lock_screen ? [{ key: 'lockscreen', label: '锁屏显示', span: 2, children: <LockScreenFact screen={d.lock_screen} /> }] : []),
    { key: 'recycled', label: '回收站', children: recycledStatusLabel[d.recycled_status] ?? none },
    { key: 'proxy', label: '全局代理', children: globalProxyStatusLabel[d.global_proxy_status] ?? none },
    { key: 'dns', label: '加密 DNS', children: dnsSettingStatusLabel[d.dns_setting_status] ?? none },
    restrictionFact(d.diff_system_restriction_keys),
    { key: 'apprestriction', label: '应用限制', children: d.app_restriction_enable ? `已开启（${d.app_restriction_list.length} 个应用）` : '未开启' },
    { key: 'osupdate', label: '系统更新状态', children: osUpdateStatusLabel[d.os_update_status] ?? none },
    { key: 'needupdate', label: '需要更新', children: d.need_os_update ? <Tag color="orange">是</Tag> : '否' },
    { key: 'updates', label: '可用更新', span: 2, children: osUpdates(d.available_os_updates) },
    { key: 'wallpaper', label: '壁纸', span: 2, children: <WallpaperFact deviceId={d.id} /> },
  ];
  return <FactSections lease={lease} hardware={hardware} management={management} labelWidth={104} />;
}
