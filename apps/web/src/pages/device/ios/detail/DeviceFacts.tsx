import {
  abmStatusLabel,
  activationLockStatusLabel,
  appleColorLabel,
  globalProxyStatusLabel,
  osUpdateStatusLabel,
  recycledStatusLabel,
  superviseStatusLabel,
  type IosDeviceDetail,
  type SimCardInfo,
} from '@lease/shared';
import { Button, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime, fromNow } from '../../../../lib/time.ts';
import { HirerCell } from '../components/HirerCell.tsx';
import { LockTag } from '../components/StatusTags.tsx';
import { marketRegion } from './market.ts';
import { RemarkEditor } from './RemarkEditor.tsx';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const or = (v: ReactNode) => (v === '' || v === null || v === undefined ? none : v);

function Sim({ sim }: { sim: SimCardInfo | null }) {
  if (!sim) return <Typography.Text type="secondary">未插卡</Typography.Text>;
  return (
    <Flex vertical>
      <span>ICCID：{or(sim.iccid)}</span>
      <span>号码：{or(sim.phone_number)}</span>
      <span>运营商：{or(sim.carrier)}</span>
    </Flex>
  );
}

const capacity = (gb: number | null) => (gb === null ? none : `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`);
const battery = (level: number | null) => (level === null ? none : `${Math.round(level * 100)}%`);

function osUpdates(list: Record<string, unknown>[]): ReactNode {
  if (!list.length) return '无可用更新';
  return list
    .map((u) => String(u.HumanReadableName ?? u.ProductVersion ?? u.Version ?? u.ProductKey ?? '未知更新'))
    .join('、');
}

interface DeviceFactsProps {
  device: IosDeviceDetail;
  onEditHirer: () => void;
  /** Absent without Aa4: the clerk is shown but cannot be changed. */
  onChangeClerk?: () => void;
}

/** DeviceFacts lists every field of the Apple device (spec §3) in Chinese, grouped as a clerk looks for them. */
export function DeviceFacts({ device: d, onEditHirer, onChangeClerk }: DeviceFactsProps) {
  const lease: DescriptionsProps['items'] = [
    {
      key: 'hirer',
      label: '租机人',
      children: (
        <Flex align="start" gap={8}>
          <HirerCell deviceId={d.id} name={d.hirer_name} maskedPhone={d.hirer_phone_number} />
          <Button type="link" size="small" onClick={onEditHirer}>
            修改
          </Button>
        </Flex>
      ),
    },
    {
      key: 'clerk',
      label: '店员',
      children: (
        <Flex align="center" gap={8}>
          {d.for_clerk?.name || none}
          {onChangeClerk && (
            <Button type="link" size="small" onClick={onChangeClerk}>
              更换
            </Button>
          )}
        </Flex>
      ),
    },
    { key: 'remark', label: '备注', span: 2, children: <RemarkEditor deviceId={d.id} remark={d.remark} /> },
    { key: 'reg', label: '登记时间', children: formatDateTime(d.registration_time) },
    { key: 'active', label: '最后在线', children: d.last_active_time ? `${fromNow(d.last_active_time)}（${formatDateTime(d.last_active_time)}）` : '从未上线' },
  ];
  const hardware: DescriptionsProps['items'] = [
    { key: 'serial', label: '序列号', children: <Typography.Text copyable>{d.serial_number}</Typography.Text> },
    { key: 'udid', label: 'UDID', children: d.udid ? <Typography.Text copyable style={{ wordBreak: 'break-all' }}>{d.udid}</Typography.Text> : none },
    { key: 'model', label: '型号', children: d.model ? `${d.model_name}（${d.model}${d.product_name && d.product_name !== d.model_name ? ` · ${d.product_name}` : ''}）` : none },
    { key: 'color', label: '颜色', children: or(d.color && appleColorLabel(d.color)) },
    { key: 'capacity', label: '容量', children: capacity(d.storage_capacity) },
    { key: 'market', label: '销售地区', children: d.market ? `${marketRegion(d.market)}（${d.market}）` : none },
    { key: 'os', label: '系统版本', children: d.os_version ? `iOS ${d.os_version}` : none },
    { key: 'battery', label: '电量', children: battery(d.battery_level) },
    { key: 'imei1', label: 'IMEI 1', children: or(d.imei_1) },
    { key: 'imei2', label: 'IMEI 2', children: or(d.imei_2) },
    { key: 'meid', label: 'MEID', children: or(d.meid) },
    { key: 'facts', label: '信息更新于', children: formatDateTime(d.facts_updated_at) },
    { key: 'sim1', label: 'SIM 1', children: <Sim sim={d.sim_1} /> },
    { key: 'sim2', label: 'SIM 2', children: <Sim sim={d.sim_2} /> },
  ];
  const management: DescriptionsProps['items'] = [
    { key: 'supervise', label: '监管状态', children: superviseStatusLabel[d.supervise_status] ?? none },
    { key: 'abm', label: 'ABM 状态', children: abmStatusLabel[d.abm_status] ?? none },
    { key: 'al', label: '激活锁', children: activationLockStatusLabel[d.activation_lock_status] ?? none },
    { key: 'lock', label: '锁定状态', children: <LockTag status={d.lock_status} /> },
    { key: 'recycled', label: '回收站', children: recycledStatusLabel[d.recycled_status] ?? none },
    { key: 'proxy', label: '全局代理', children: globalProxyStatusLabel[d.global_proxy_status] ?? none },
    {
      key: 'restriction',
      label: '系统限制',
      children: d.diff_system_restriction_keys.length ? <Tag color="orange">{d.diff_system_restriction_keys.length} 项与门店默认不同</Tag> : '与门店默认一致',
    },
    { key: 'apprestriction', label: '应用限制', children: d.app_restriction_enable ? `已开启（${d.app_restriction_list.length} 个应用）` : '未开启' },
    { key: 'osupdate', label: '系统更新状态', children: osUpdateStatusLabel[d.os_update_status] ?? none },
    { key: 'needupdate', label: '需要更新', children: d.need_os_update ? <Tag color="orange">是</Tag> : '否' },
    { key: 'updates', label: '可用更新', span: 2, children: osUpdates(d.available_os_updates) },
  ];
  const common = { size: 'small', column: 2, bordered: true, styles: { label: { width: 104 } } } as const;
  return (
    <Flex vertical gap={16}>
      <Descriptions {...common} title="租机信息" items={lease} />
      <Descriptions {...common} title="硬件与网络" items={hardware} />
      <Descriptions {...common} title="管理状态" items={management} />
    </Flex>
  );
}
