import { ALL_MODULES, moduleLabel, type Module, type OpsLedgerEntry, type OpsStoreDetail } from '@lease/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Flex, Form, Input, InputNumber, Modal, Radio, Table, Tag, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorToastText, isApiError } from '../../../api/errors.ts';
import { opsAdjustBalance, opsKeys, opsSetStoreDisabled, opsStoreQuery, opsUpdateStore } from '../../../api/ops.ts';
import { feedback } from '../../../app/feedback.ts';
import { Panel } from '../../../components/Panel.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { newIdempotencyKey } from '../../../lib/uuid.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { amountProblem, fenOf, ledgerKindLabel, moduleNames, yuan } from './storeFormat.ts';

const ledgerColumns: TableColumnsType<OpsLedgerEntry> = [
  { title: withChinaTime('时间'), key: 'time', width: 150, render: (_, e) => formatDateTime(e.date_created) },
  { title: '类型', key: 'kind', width: 70, render: (_, e) => ledgerKindLabel[e.kind] ?? e.kind },
  {
    title: '金额',
    key: 'amount',
    width: 110,
    align: 'right',
    render: (_, e) => <span style={{ color: e.amount_fen < 0 ? '#cf1322' : undefined }}>{yuan(e.amount_fen)}</span>,
  },
  { title: '原因', dataIndex: 'reason' },
];

/** useSubmit runs one change, shows a server refusal inline and refreshes every operator query after it. */
function useSubmit() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
      feedback.message.success(done);
      return true;
    } catch (err) {
      if (!isApiError(err)) throw err;
      setError(err.errors?.[0]?.message ?? errorToastText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

interface ConfigValues {
  device_count: number;
  modules: Module[];
  rcs_count: number;
  discount_rate: number;
}

/** AddSlots lets the operator type how many slots to add ("增加名额 +50"); the total above follows it. */
export function AddSlots({ total, onTotal }: { total: number; onTotal: (n: number) => void }) {
  const [add, setAdd] = useState<number | null>(null);
  return (
    <Form.Item label="增加名额" style={{ minWidth: 200 }} extra={add ? `保存后共 ${total + add} 台` : `当前共 ${total} 台`}>
      <InputNumber
        aria-label="增加名额"
        prefix="+"
        min={0}
        max={1_000_000 - total}
        precision={0}
        placeholder="如 50"
        value={add}
        onChange={(v) => {
          const n = typeof v === 'number' ? v : null;
          setAdd(n);
          onTotal(total + (n ?? 0));
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

function ConfigPanel({ store }: { store: OpsStoreDetail }) {
  const [form] = Form.useForm<ConfigValues>();
  const { busy, error, run } = useSubmit();
  const initial: ConfigValues = {
    device_count: store.device_count,
    modules: store.modules,
    rcs_count: store.rcs_count,
    discount_rate: Number(store.discount_rate),
  };
  return (
    <Panel title="名额与功能">
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={busy}
        onFinish={(v) => void run(() => opsUpdateStore(store.id, { ...v, discount_rate: Math.round(v.discount_rate * 100) / 100 }), '门店配置已保存')}
      >
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Flex gap={16} wrap>
          <Form.Item
            name="device_count"
            label={`设备名额（已使用 ${store.used_device_count} 台）`}
            rules={[
              { required: true, message: '请输入设备名额' },
              { type: 'number', min: store.used_device_count, message: `不能少于已使用的 ${store.used_device_count} 台` },
            ]}
            style={{ minWidth: 200 }}
          >
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <AddSlots total={store.device_count} onTotal={(n) => form.setFieldsValue({ device_count: n })} />
          <Form.Item
            name="rcs_count"
            label={`RCS 查询次数（已用 ${store.used_rcs_count} 次）`}
            rules={[{ required: true, message: '请输入次数' }]}
            style={{ minWidth: 200 }}
          >
            <InputNumber min={0} max={10_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="discount_rate"
            label="报告折扣率（0.10-1.00）"
            rules={[
              { required: true, message: '请输入折扣率' },
              { type: 'number', min: 0.1, max: 1, message: '折扣率应在 0.1 到 1.0 之间' },
            ]}
            style={{ minWidth: 200 }}
          >
            <InputNumber min={0.1} max={1} step={0.05} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="modules" label="功能模块">
          <Checkbox.Group options={ALL_MODULES.map((m) => ({ value: m, label: moduleLabel[m] }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存配置
        </Button>
      </Form>
    </Panel>
  );
}

function BalancePanel({ store }: { store: OpsStoreDetail }) {
  const phone = useIsPhone();
  const [form] = Form.useForm<{ kind: 'top_up' | 'correction'; amount: string; reason: string }>();
  const { busy, error, run } = useSubmit();
  // One key per intended movement: a retried or double-clicked submit credits once; a success makes a new one.
  const [key, setKey] = useState(() => newIdempotencyKey());
  return (
    <Panel title={`报告余额：${yuan(store.balance_fen)}`}>
      <Form
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={{ kind: 'top_up' }}
        onFinish={(v) =>
          void run(
            () => opsAdjustBalance(store.id, { kind: v.kind, amount_fen: fenOf(v.amount)!, reason: v.reason.trim() }, key),
            v.kind === 'top_up' ? '充值成功' : '更正已记账',
          ).then((ok) => {
            if (!ok) return;
            form.resetFields();
            setKey(newIdempotencyKey());
          })
        }
      >
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="kind" label="类型">
          <Radio.Group
            options={[
              { value: 'top_up', label: '充值' },
              { value: 'correction', label: '更正（可为负数）' },
            ]}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="amount"
            label="金额（元）"
            style={{ minWidth: 180 }}
            dependencies={['kind']}
            rules={[
              { required: true, message: '请输入金额' },
              ({ getFieldValue }) => ({
                validator: (_, value: string) => {
                  if (value === undefined || value === '') return Promise.resolve();
                  const problem = amountProblem(value);
                  if (problem) return Promise.reject(new Error(problem));
                  const fen = fenOf(value) ?? 0;
                  if (fen === 0) return Promise.reject(new Error('金额不能为 0'));
                  if (getFieldValue('kind') === 'top_up' && fen < 0) return Promise.reject(new Error('充值金额应为正数'));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <Input inputMode="decimal" placeholder="如 100.00" />
          </Form.Item>
          <Form.Item
            name="reason"
            label="原因"
            style={{ flex: 1, minWidth: 220 }}
            rules={[
              { required: true, whitespace: true, message: '请填写原因' },
              { min: 2, message: '至少 2 个字' },
              { max: 200, message: '不超过 200 个字' },
            ]}
          >
            <Input placeholder="如：线下转账 2026-01-01 收款" />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={busy}>
          记账
        </Button>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        最近流水
      </Typography.Title>
      {phone ? (
        <Flex vertical gap={8}>
          {store.ledger.length === 0 && <Typography.Text type="secondary">暂无流水</Typography.Text>}
          {store.ledger.map((e) => (
            <div key={e.id} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
              <Flex justify="space-between">
                <span>{ledgerKindLabel[e.kind] ?? e.kind}</span>
                <strong>{yuan(e.amount_fen)}</strong>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(e.date_created)} · {e.reason}
              </Typography.Text>
            </div>
          ))}
        </Flex>
      ) : (
        <Table rowKey="id" size="small" columns={ledgerColumns} dataSource={store.ledger} pagination={false} locale={{ emptyText: '暂无流水' }} />
      )}
    </Panel>
  );
}

function StatusPanel({ store }: { store: OpsStoreDetail }) {
  const { busy, error, run } = useSubmit();
  const toggle = () =>
    Modal.confirm({
      title: store.disabled ? '启用门店' : '停用门店',
      content: store.disabled
        ? '启用后门店可重新登录控制台和调用开放接口。'
        : '停用后该门店所有店员立即被登出，控制台和开放接口都提示“门店已停用”；门店的手机仍受管理，已排队的指令继续执行。',
      okText: store.disabled ? '启用' : '停用',
      okButtonProps: { danger: !store.disabled },
      onOk: () => run(() => opsSetStoreDisabled(store.id, !store.disabled), store.disabled ? '门店已启用' : '门店已停用'),
    });
  return (
    <Panel title="门店状态">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Flex gap={12} align="center" wrap>
        {store.disabled ? <Tag color="error">已停用（{formatDateTime(store.disabled_at)}）</Tag> : <Tag color="success">正常</Tag>}
        <Button danger={!store.disabled} loading={busy} onClick={toggle}>
          {store.disabled ? '启用门店' : '停用门店'}
        </Button>
      </Flex>
    </Panel>
  );
}

/** OpsStorePage is one store for the operator: its figures, slots and modules, balance, and status. */
export default function OpsStorePage() {
  const { id = '' } = useParams();
  const store = useQuery(opsStoreQuery(id));
  const phone = useIsPhone();
  if (store.isPending) return null;
  if (!store.data) return <Alert type="error" showIcon message="门店不存在或无法加载" action={<Link to="/ops/stores">返回门店列表</Link>} />;
  const s = store.data;
  return (
    <Flex vertical gap={16}>
      <Panel title={s.store_name} extra={<Link to="/ops/stores">返回列表</Link>}>
        <Descriptions size="small" column={phone ? 1 : 3}>
          <Descriptions.Item label="管理员">{s.admin_phone ? `${s.admin_name ?? ''} ${s.admin_phone}` : '—'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(s.date_created)}</Descriptions.Item>
          <Descriptions.Item label="设备名额">
            {s.used_device_count} / {s.device_count}
          </Descriptions.Item>
          <Descriptions.Item label="RCS 次数">
            {s.used_rcs_count} / {s.rcs_count}
          </Descriptions.Item>
          <Descriptions.Item label="折扣率">{s.discount_rate}</Descriptions.Item>
          <Descriptions.Item label="功能模块">{moduleNames(s.modules).join('、') || '—'}</Descriptions.Item>
        </Descriptions>
      </Panel>
      <StatusPanel store={s} />
      <ConfigPanel key={`${s.device_count}-${s.rcs_count}-${s.discount_rate}-${s.modules.join()}`} store={s} />
      <BalancePanel store={s} />
    </Flex>
  );
}
