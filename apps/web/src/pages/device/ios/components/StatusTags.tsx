import { LoadingOutlined } from '@ant-design/icons';
import { EnrollmentStatus, enrollmentStatusLabel, LockStatus, lockStatusLabel, type OperationProgress } from '@lease/shared';
import { Space, Tag } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { progressView } from './progress.ts';

const ENROLL_COLOR: Record<number, string> = {
  [EnrollmentStatus.REGISTERED]: 'default',
  [EnrollmentStatus.ENROLLED]: 'green',
  [EnrollmentStatus.CHECKED_OUT]: 'red',
  [EnrollmentStatus.RELEASED]: 'default',
};

const LOCK_COLOR: Record<number, string> = {
  [LockStatus.UNLOCKED]: 'blue',
  [LockStatus.LOCKING]: 'processing',
  [LockStatus.LOCKED]: 'red',
  [LockStatus.UNLOCKING]: 'processing',
  [LockStatus.SCHEDULED]: 'orange',
};

export function EnrollTag({ status }: { status: number }) {
  return <Tag color={ENROLL_COLOR[status] ?? 'default'}>{enrollmentStatusLabel[status] ?? '未知'}</Tag>;
}

export function LockTag({ status }: { status: number }) {
  const busy = status === LockStatus.LOCKING || status === LockStatus.UNLOCKING;
  return (
    <Tag color={LOCK_COLOR[status] ?? 'default'} icon={busy ? <LoadingOutlined /> : undefined}>
      {lockStatusLabel[status] ?? '未知'}
    </Tag>
  );
}

export function ProgressNote({ progress }: { progress: OperationProgress }) {
  const view = progressView(progress);
  return (
    <Hint title={view.tooltip}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <Space size={4}>
          {view.running && <LoadingOutlined />}
          {view.text}
        </Space>
      </Typography.Text>
    </Hint>
  );
}

/** DeviceStatus is the list's 状态 cell: enrolment and lock tags, and the operation under way. */
export function DeviceStatus({ enrollment, lock, progress }: { enrollment: number; lock: number; progress: OperationProgress | null }) {
  const enrolled = enrollment === EnrollmentStatus.ENROLLED;
  return (
    <Space orientation="vertical" size={2}>
      <Space size={0} wrap>
        <EnrollTag status={enrollment} />
        {enrolled && <LockTag status={lock} />}
      </Space>
      {progress && <ProgressNote progress={progress} />}
    </Space>
  );
}

export function SimulatedTag() {
  return (
    <Hint title="由设备模拟器接入的演示设备，不是真实手机">
      <Tag color="purple">模拟设备</Tag>
    </Hint>
  );
}
