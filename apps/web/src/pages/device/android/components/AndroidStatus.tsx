import { LoadingOutlined } from '@ant-design/icons';
import { type AndroidDeviceListItem, EnrollmentStatus, RegulateStatus, androidChannelLabel, regulateStatusLabel } from '@lease/shared';
import { Space, Tag } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { EnrollTag, LockTag, ProgressNote } from '../../ios/components/StatusTags.tsx';

const REGULATE_COLOR: Record<number, string> = {
  [RegulateStatus.UNREGULATED]: 'default',
  [RegulateStatus.REGULATING]: 'processing',
  [RegulateStatus.REGULATED]: 'geekblue',
  [RegulateStatus.DEREGULATING]: 'processing',
};

export function RegulateTag({ status }: { status: number }) {
  const busy = status === RegulateStatus.REGULATING || status === RegulateStatus.DEREGULATING;
  return (
    <Tag color={REGULATE_COLOR[status] ?? 'default'} icon={busy ? <LoadingOutlined /> : undefined}>
      {regulateStatusLabel[status] ?? '未知'}
    </Tag>
  );
}

/** ChannelTag names how the agent controls the phone: plain device owner or a vendor SDK. */
export function ChannelTag({ channel }: { channel: number }) {
  return (
    <Hint title="管理通道：设备所有者（Device Owner）或厂商企业接口">
      <Tag>{androidChannelLabel[channel] ?? `通道 ${channel}`}</Tag>
    </Hint>
  );
}

/** AndroidDeviceStatus is the list's 状态 cell: enrolment, lock and supervision, and the operation under way. */
export function AndroidDeviceStatus({ device: d }: { device: AndroidDeviceListItem }) {
  const managed = d.enrollment_status === EnrollmentStatus.ENROLLED && !d.archived;
  return (
    <Space orientation="vertical" size={2}>
      <Space size={0} wrap>
        {managed ? (
          <>
            <LockTag status={d.lock_status} />
            <RegulateTag status={d.regulate_status} />
          </>
        ) : d.archived ? (
          <Tag>已归档</Tag>
        ) : (
          <EnrollTag status={d.enrollment_status} />
        )}
      </Space>
      {d.progress && <ProgressNote progress={d.progress} />}
    </Space>
  );
}
