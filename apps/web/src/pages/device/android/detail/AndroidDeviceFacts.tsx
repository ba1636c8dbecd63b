import { type AndroidDeviceDetail, type SimCardInfo, androidChannelLabel, androidAppRestrictionModeLabel } from '@lease/shared';
import { Button, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { getAndroidHirerPhone, androidKeys, updateAndroidRemark } from '../../../../api/androidDevice.ts';
import { formatDateTime, fromNow } from '../../../../lib/time.ts';
import { HirerCell } from '../../ios/components/HirerCell.tsx';
import { LockTag } from '../../ios/components/StatusTags.tsx';
import { RemarkEditor } from '../../ios/detail/RemarkEditor.tsx';
import { RegulateTag } from '../components/AndroidStatus.tsx';

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

interface FactsProps {
  device: AndroidDeviceDetail;
  onEditHirer: () => void;
  /** Absent without Ea3: the clerk is shown but cannot be changed. */
  onChangeClerk?: () => void;
}

/** AndroidDeviceFacts lists the phone's record, hardware and management state in Chinese. */
export function AndroidDeviceFacts({ device: d, onEditHirer, onChangeClerk }: FactsProps) {
  const lease: DescriptionsProps['items'] = [
    {
      key: 'hirer',
      label: '租机人',
      children: (
        <Flex align="start" gap={8}>
          <HirerCell deviceId={d.id} name={d.hirer_name} maskedPhone={d.hirer_phone_number} reveal={getAndroidHirerPhone} />
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
    { key: 'remark', label: '备注', span: 2, children: <RemarkEditor deviceId={d.id} remark={d.remark} save={updateAndroidRemark} root={androidKeys.all} /> },
    { key: 'reg', label: '接入时间', children: formatDateTime(d.registration_time) },
    { key: 'active', label: '最后在线', children: d.last_active_time ? `${fromNow(d.last_active_time)}（${formatDateTime(d.last_active_time)}）` : '从未上线' },
  ];
  const hardware: DescriptionsProps['items'] = [
    { key: 'brand', label: '品牌', children: or(d.brand_label) },
    { key: 'model', label: '型号', children: or(d.model) },
    { key: 'maker', label: '制造商', children: or(d.manufacturer) },
    { key: 'os', label: '系统版本', children: d.os_version ? `Android ${d.os_version}${d.sdk_int ? `（API ${d.sdk_int}）` : ''}` : none },
    { key: 'imei1', label: 'IMEI 1', children: d.imei_1 ? <Typography.Text copyable>{d.imei_1}</Typography.Text> : none },
    { key: 'imei2', label: 'IMEI 2', children: or(d.imei_2) },
    { key: 'serial', label: '序列号', children: d.serial_number ? <Typography.Text copyable>{d.serial_number}</Typography.Text> : none },
    { key: 'meid', label: 'MEID', children: or(d.meid) },
    { key: 'battery', label: '电量', children: d.battery_level === null ? none : `${Math.round(d.battery_level * 100)}%` },
    { key: 'agent', label: '管理应用版本', children: or(d.agent_version) },
    { key: 'sim1', label: 'SIM 1', children: <Sim sim={d.sim_1} /> },
    { key: 'sim2', label: 'SIM 2', children: <Sim sim={d.sim_2} /> },
  ];
  const management: DescriptionsProps['items'] = [
    { key: 'channel', label: '管理通道', children: androidChannelLabel[d.channel] ?? d.channel },
    { key: 'regulate', label: '监管状态', children: <RegulateTag status={d.regulate_status} /> },
    { key: 'lock', label: '锁定状态', children: <LockTag status={d.lock_status} /> },
    { key: 'offline', label: '离线自动锁定', children: `离线超过 ${d.offline_lock_hours} 小时自动锁定` },
    { key: 'message', label: '锁屏提示', span: 2, children: d.lock_message ? `${d.lock_message}${d.lock_phone_number ? `（联系电话 ${d.lock_phone_number}）` : ''}` : none },
    {
      key: 'restriction',
      label: '系统限制',
      children: d.diff_system_restriction_keys.length ? <Tag color="orange">{d.diff_system_restriction_keys.length} 项与门店默认不同</Tag> : '与门店默认一致',
    },
    {
      key: 'app',
      label: '应用限制',
      children: d.app_restriction_enable ? `${androidAppRestrictionModeLabel[d.app_restriction_mode] ?? ''}，${d.app_restriction_list.length} 个应用` : '未开启',
    },
    { key: 'archived', label: '归档', children: d.archived ? `已归档（${formatDateTime(d.archived_at)}）` : '否' },
    { key: 'policy', label: '策略版本', children: d.policy_version },
  ];
  const common = { size: 'small', column: 2, bordered: true, styles: { label: { width: 110 } } } as const;
  return (
    <Flex vertical gap={16}>
      <Descriptions {...common} title="租机信息" items={lease} />
      <Descriptions {...common} title="硬件与网络" items={hardware} />
      <Descriptions {...common} title="管理状态" items={management} />
    </Flex>
  );
}
