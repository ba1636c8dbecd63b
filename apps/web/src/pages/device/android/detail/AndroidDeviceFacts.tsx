import { type AndroidDeviceDetail, androidChannelLabel, androidAppRestrictionModeLabel, androidModelName } from '@lease/shared';
import type { DescriptionsProps } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { getAndroidHirerPhone, androidKeys, updateAndroidRemark } from '../../../../api/androidDevice.ts';
import { formatDateTime } from '../../../../lib/time.ts';
import { LockTag } from '../../ios/components/StatusTags.tsx';
import { FactSections, leaseFacts, none, or, restrictionFact, SimFact } from '../../shared/DeviceFactParts.tsx';
import { RegulateTag } from '../components/AndroidStatus.tsx';

interface FactsProps {
  device: AndroidDeviceDetail;
  onEditHirer: () => void;
  /** Absent without Ea3: the clerk is shown but cannot be changed. */
  onChangeClerk?: () => void;
}

/** AndroidDeviceFacts lists the phone's record, hardware and management state in Chinese. */
export function AndroidDeviceFacts({ device: d, onEditHirer, onChangeClerk }: FactsProps) {
  const lease = leaseFacts(d, {
    onEditHirer,
    onChangeClerk,
    registrationLabel: '登记时间',
    revealPhone: getAndroidHirerPhone,
    saveRemark: updateAndroidRemark,
    queryRoot: androidKeys.all,
  });
  const hardware: DescriptionsProps['items'] = [
    { key: 'brand', label: '品牌', children: or(d.brand_label) },
    { key: 'model', label: '型号', children: d.model && androidModelName(d.model) !== d.model ? `${androidModelName(d.model)}（${d.model}）` : or(d.model) },
    { key: 'maker', label: '制造商', children: or(d.manufacturer) },
    { key: 'os', label: '系统版本', children: d.os_version ? `Android ${d.os_version}${d.sdk_int ? `（API ${d.sdk_int}）` : ''}` : none },
    { key: 'imei1', label: 'IMEI 1', children: d.imei_1 ? <Typography.Text copyable>{d.imei_1}</Typography.Text> : none },
    { key: 'imei2', label: 'IMEI 2', children: or(d.imei_2) },
    { key: 'serial', label: '序列号', children: d.serial_number ? <Typography.Text copyable>{d.serial_number}</Typography.Text> : none },
    { key: 'meid', label: 'MEID', children: or(d.meid) },
    { key: 'battery', label: '电量', children: d.battery_level === null ? none : `${Math.round(d.battery_level * 100)}%` },
    { key: 'agent', label: '管理应用版本', children: or(d.agent_version) },
    { key: 'sim1', label: 'SIM 1', children: <SimFact sim={d.sim_1} /> },
    { key: 'sim2', label: 'SIM 2', children: <SimFact sim={d.sim_2} /> },
  ];
  const management: DescriptionsProps['items'] = [
    { key: 'channel', label: '管理通道', children: androidChannelLabel[d.channel] ?? d.channel },
    { key: 'regulate', label: '监管状态', children: <RegulateTag status={d.regulate_status} /> },
    { key: 'lock', label: '锁定状态', children: <LockTag status={d.lock_status} /> },
    { key: 'offline', label: '离线自动锁定', children: `离线超过 ${d.offline_lock_hours} 小时自动锁定` },
    {
      key: 'message',
      label: '锁屏提示',
      span: 2,
      children: d.lock_message ? `${d.lock_message}${d.lock_phone_number ? `（联系电话 ${d.lock_phone_number}）` : ''}` : none,
    },
    restrictionFact(d.diff_system_restriction_keys),
    {
      key: 'app',
      label: '应用限制',
      children: d.app_restriction_enable
        ? `${androidAppRestrictionModeLabel[d.app_restriction_mode] ?? ''}，${d.app_restriction_list.length} 个应用`
        : '未开启',
    },
    { key: 'archived', label: '归档', children: d.archived ? `已归档（${formatDateTime(d.archived_at)}）` : '否' },
    { key: 'policy', label: '策略版本', children: d.policy_version },
  ];
  return <FactSections lease={lease} hardware={hardware} management={management} labelWidth={110} />;
}
