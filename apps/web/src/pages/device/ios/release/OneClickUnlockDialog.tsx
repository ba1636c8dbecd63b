import {
  type OneClickMode,
  type OneClickPrevalidationStep,
  type OneClickRunView,
  type OneClickStatusResponse,
  SmsGuardedAction,
  oneClickModeLabel,
  oneClickRunStatusLabel,
  stepVerdictLabel,
} from '@lease/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Modal, Radio, Skeleton, Space, Table, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../../api/index.ts';
import { iosKeys } from '../../../../api/iosDevice.ts';
import { oneClickKeys, oneClickPrevalidationQuery, oneClickRunQuery, resumeOneClickUnlock, startOneClickUnlock } from '../../../../api/iosRelease.ts';
import { scrollingBodyModal } from '../../../../components/dialogLayout.ts';
import { SensitiveFields } from '../../../../forms/SensitiveFields.tsx';
import { useIsPhone } from '../../../../lib/useIsPhone.ts';
import { newIdempotencyKey } from '../../../../lib/uuid.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ConfirmField } from '../../shared/ConfirmField.tsx';
import { deviceTitle } from '../commands/useDeviceCommand.ts';
import { RunSteps } from './RunSteps.tsx';
import { proofOf, useNeedSms } from './SensitiveFields.tsx';
import { useReleaseSubmit } from './useReleaseSubmit.ts';

/** How often the dialog reads a running run; each read also moves it on (the server advances on read). */
export const RUN_POLL_MS = 2000;

const MODE_HELP: Record<OneClickMode, string> = {
  'keep-data': '租机人继续使用设备，照片、应用等数据保留；最后一步移除门店的管理描述文件。',
  erase: '最后一步抹掉设备并恢复出厂设置，设备上的全部数据将被永久删除，且不会再接入门店管理。',
};

const VERDICT_COLOR = { run: 'processing', skip: 'default', cannot: 'error' } as const;

/** PrevalidationCards: the prevalidation on a phone, one stacked card per step (a table would scroll sideways). */
function PrevalidationCards({ steps }: { steps: OneClickPrevalidationStep[] }) {
  return (
    <Flex vertical gap={8} data-testid="prevalidation-cards">
      {steps.map((s) => (
        <Card key={s.step} size="small" styles={{ body: { padding: '8px 12px' } }}>
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text strong>{s.label}</Typography.Text>
            <Tag color={VERDICT_COLOR[s.verdict]} style={{ marginInlineEnd: 0 }}>
              {stepVerdictLabel[s.verdict]}
            </Tag>
          </Flex>
          {s.reason && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {s.reason}
            </Typography.Text>
          )}
        </Card>
      ))}
    </Flex>
  );
}

/** PrevalidationTable: each step with what will happen to it and why; stacked cards on a phone. */
export function PrevalidationTable({ steps, loading }: { steps: OneClickPrevalidationStep[]; loading: boolean }) {
  const phone = useIsPhone();
  if (phone) return <PrevalidationCards steps={steps} />;
  return (
    <Table
      size="small"
      rowKey="step"
      pagination={false}
      loading={loading}
      dataSource={steps}
      columns={[
        { title: '步骤', dataIndex: 'label', width: 190 },
        {
          title: '预检结果',
          dataIndex: 'verdict',
          width: 96,
          render: (v: OneClickPrevalidationStep['verdict']) => <Tag color={VERDICT_COLOR[v]}>{stepVerdictLabel[v]}</Tag>,
        },
        { title: '说明', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
      ]}
    />
  );
}

/** SetupView: the clerk chooses keep-data or erase, sees the prevalidation, and confirms once with the password. */
function SetupView({
  device,
  onClose,
  onStarted,
  lastRun,
}: CommandConfirmProps & { onStarted: (r: OneClickStatusResponse) => void; lastRun: OneClickRunView | null }) {
  const [mode, setMode] = useState<OneClickMode>('keep-data');
  const pre = useQuery(oneClickPrevalidationQuery(device.id, mode));
  const needSms = useNeedSms(SmsGuardedAction.ONE_CLICK_UNLOCK);
  const [form] = Form.useForm();
  const [key] = useState(newIdempotencyKey);
  const [blocked, setBlocked] = useState<string | null>(null);
  const start = useReleaseSubmit(form, (v) => startOneClickUnlock({ device_id: device.id, mode, ...proofOf(v, needSms) }, key), onStarted);
  const ok = pre.data?.ok ?? false;

  return (
    <Modal
      open
      title={`结清释放 · ${deviceTitle(device)}`}
      okText="开始结清释放"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: start.isPending, disabled: !ok }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      {...scrollingBodyModal}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="租机人已结清时，结清释放把设备交还给租机人：按顺序解除锁定、解除系统限制、关闭激活锁、解除 ABM 绑定，再移除管理或抹掉设备，最后移入回收站。完成后门店将不能再管理此设备。"
      />
      {lastRun?.status === 'done' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`此设备已于 ${new Date(lastRun.date_updated).toLocaleString('zh-CN')} 完成过结清释放`}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => start.mutate(v, { onError: (err) => isApiError(err) && err.code === 'CONFLICT' && setBlocked(err.message) })}
      >
        <Form.Item label="释放方式" required extra={MODE_HELP[mode]}>
          <Radio.Group
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as OneClickMode);
              setBlocked(null);
            }}
          >
            {(Object.keys(oneClickModeLabel) as OneClickMode[]).map((m) => (
              <Radio.Button key={m} value={m}>
                {oneClickModeLabel[m]}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {pre.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : <PrevalidationTable steps={pre.data?.steps ?? []} loading={pre.isFetching} />}
        {pre.data && !ok && <Alert type="error" showIcon style={{ marginTop: 12 }} title="有步骤无法执行，请先处理标为“无法执行”的原因，再开始结清释放" />}
        {blocked && <Alert type="error" showIcon style={{ marginTop: 12 }} title={blocked} />}
        {ok && (
          <div style={{ marginTop: 16 }}>
            <SensitiveFields needSms={needSms} />
            <ConfirmField label="我确认租机人已结清，释放此设备" />
          </div>
        )}
      </Form>
    </Modal>
  );
}

/** ProgressView: the run's steps as they happen; a failed run offers 继续 (from the failed step, password again). */
function ProgressView({ device, onClose, run }: CommandConfirmProps & { run: OneClickRunView }) {
  const needSms = useNeedSms(SmsGuardedAction.ONE_CLICK_UNLOCK);
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const resume = useReleaseSubmit(
    form,
    (v) => resumeOneClickUnlock({ device_id: device.id, ...proofOf(v, needSms) }),
    (r) => {
      queryClient.setQueryData(oneClickKeys.run(device.id), r);
      form.resetFields();
    },
  );
  const failed = run.steps.find((s) => s.status === 'failed');
  const footer =
    run.status === 'failed' ? (
      <Space>
        <Button onClick={onClose}>关闭</Button>
        <Button type="primary" loading={resume.isPending} onClick={() => form.submit()}>
          继续
        </Button>
      </Space>
    ) : (
      <Button type={run.status === 'done' ? 'primary' : 'default'} onClick={onClose}>
        {run.status === 'running' ? '关闭（后台继续执行）' : '完成'}
      </Button>
    );

  return (
    <Modal open title={`结清释放 · ${deviceTitle(device)}`} onCancel={onClose} destroyOnHidden width={640} footer={footer} {...scrollingBodyModal}>
      <Typography.Paragraph>
        释放方式：{oneClickModeLabel[run.mode]}　状态：<Typography.Text strong>{oneClickRunStatusLabel[run.status]}</Typography.Text>
      </Typography.Paragraph>
      <RunSteps run={run} />
      {run.status === 'running' && <Alert type="info" showIcon title="需要设备联网执行的步骤会在设备响应后继续；关闭此窗口不影响执行。" />}
      {run.status === 'done' && <Alert type="success" showIcon title="结清释放已完成，设备已释放。" />}
      {failed && run.status === 'failed' && (
        <>
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={`「${failed.label}」失败`}
            description={`${failed.reason ?? ''}。处理后点击“继续”，将从这一步重新执行。`}
          />
          <Form form={form} layout="vertical" onFinish={(v) => resume.mutate(v)}>
            <SensitiveFields needSms={needSms} />
          </Form>
        </>
      )}
    </Modal>
  );
}

/**
 * OneClickUnlockDialog releases a paid-off phone (结清释放, Ab22; the API keeps the name one-click-unlock). A device with a run under way (or stopped by a failure)
 * opens on that run's steps; otherwise on the choice and the prevalidation.
 */
export function OneClickUnlockDialog(p: CommandConfirmProps) {
  const queryClient = useQueryClient();
  const current = useQuery({
    ...oneClickRunQuery(p.device.id),
    refetchInterval: (q) => (q.state.data?.run?.status === 'running' ? RUN_POLL_MS : false),
  });
  const [started, setStarted] = useState(false);
  const run = current.data?.run ?? null;
  const status = run?.status;
  useEffect(() => {
    // The run's end changed the device (lock, ABM, enrolment, recycle bin): refresh every view of it.
    if (status === 'done' || status === 'failed')
      void queryClient.invalidateQueries({ queryKey: iosKeys.all, predicate: (q) => !q.queryKey.includes('one-click-unlock') });
  }, [status, queryClient]);

  if (current.isPending) {
    return (
      <Modal open title={`结清释放 · ${deviceTitle(p.device)}`} onCancel={p.onClose} footer={null}>
        <Skeleton active />
      </Modal>
    );
  }
  if (run && (started || run.status === 'running' || run.status === 'failed')) return <ProgressView {...p} run={run} />;
  return (
    <SetupView
      {...p}
      lastRun={run}
      onStarted={(r) => {
        queryClient.setQueryData(oneClickKeys.run(p.device.id), r);
        setStarted(true);
        p.onDone?.();
      }}
    />
  );
}
