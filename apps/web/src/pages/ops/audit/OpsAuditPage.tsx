import { type OpsAuditItem, moduleLabel } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Input, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { opsAuditQuery } from '../../../api/ops.ts';
import { PagedListTable } from '../../../components/PagedListTable.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { yuan } from '../stores/storeFormat.ts';
import { AuditChainStatus } from './AuditChainStatus.tsx';

/** Chinese names of the fields the audit rows keep. */
const FIELD_LABEL: Record<string, string> = {
  device_count: '设备名额',
  used_device_count: '已用名额',
  modules: '功能模块',
  rcs_count: 'RCS 次数',
  discount_rate: '折扣率',
  disabled: '已停用',
  balance_fen: '余额',
  amount_fen: '金额',
  kind: '类型',
  reason: '原因',
  self_registration: '自助注册',
  totp_enrolled: '已绑定动态验证码',
  phone: '手机号',
  name: '姓名',
  store_name: '门店名称',
  admin_name: '管理员',
  admin_phone: '管理员手机号',
  delivery: '密码方式',
};

/** Fields kept in 分 that an operator reads in 元 (¥12.34). */
const MONEY_FIELDS = new Set(['balance_fen', 'amount_fen']);
/** Chinese names of the values the audit rows keep (a balance movement's kind, a password's delivery, a module). */
const VALUE_LABEL: Record<string, Record<string, string>> = {
  kind: { top_up: '充值', correction: '更正' },
  delivery: { sms: '短信发送', password: '设定密码' },
  modules: moduleLabel as Record<string, string>,
};

/** changeText shows before → after for the fields that changed (all of `after` when there is no before). */
export function changeText(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const one = (k: string, v: unknown): string =>
    MONEY_FIELDS.has(k) && typeof v === 'number' ? yuan(v) : typeof v === 'string' && VALUE_LABEL[k]?.[v] ? VALUE_LABEL[k][v] : String(v);
  const show = (k: string, v: unknown) =>
    Array.isArray(v)
      ? v.map((x) => one(k, x)).join('、') || '（无）'
      : v === true
        ? '是'
        : v === false
          ? '否'
          : v === null || v === undefined
            ? '—'
            : one(k, v);
  const label = (k: string) => FIELD_LABEL[k] ?? k;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const parts = keys
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map((k) => (before && k in before ? `${label(k)}：${show(k, before[k])} → ${show(k, after?.[k])}` : `${label(k)}：${show(k, after?.[k])}`));
  return parts.join('；') || '—';
}

/** targetText names what an audit row acted on: the store's name (its id on hover), else the raw id. */
export const targetText = (r: Pick<OpsAuditItem, 'target_id' | 'target_name'>) => r.target_name || r.target_id || '—';

const columns: TableColumnsType<OpsAuditItem> = [
  { title: withChinaTime('时间'), key: 'time', width: 160, render: (_, r) => formatDateTime(r.date_created) },
  { title: '运营人员', dataIndex: 'operator_name', width: 110 },
  { title: '操作', dataIndex: 'action_label', width: 150 },
  {
    title: '对象',
    key: 'target',
    width: 120,
    render: (_, r) => (
      <Typography.Text ellipsis={{ tooltip: r.target_id }} style={{ maxWidth: 110 }}>
        {targetText(r)}
      </Typography.Text>
    ),
  },
  { title: '变更（前 → 后）', key: 'change', render: (_, r) => <span style={{ wordBreak: 'break-all' }}>{changeText(r.before, r.after)}</span> },
  { title: 'IP', dataIndex: 'ip', width: 130 },
];

/** OpsAuditPage lists every operator action, newest first. Nothing here can be edited: the log is append-only. */
export default function OpsAuditPage() {
  const [query, setQuery] = useState({ page_num: 0, page_size: 20, keyword: '' });
  const audit = useQuery({ ...opsAuditQuery({ ...query, keyword: query.keyword || undefined }), placeholderData: keepPreviousData });
  return (
    <Panel title="操作审计">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          运营人员的每一次操作都记录在此（谁、做了什么、修改前后、来源 IP），记录只能追加，任何人都不能修改或删除。
        </Typography.Text>
        <AuditChainStatus />
        <Input.Search
          allowClear
          placeholder="运营人员、操作或对象 ID"
          style={{ maxWidth: 320 }}
          onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim(), page_num: 0 }))}
        />
        <PagedListTable
          data={audit.data}
          loading={audit.isFetching}
          query={query}
          onPageChange={(page_num, page_size) => setQuery((q) => ({ ...q, page_num, page_size }))}
          emptyText="暂无操作记录"
          columns={columns}
          item={(r) => ({
            title: `${r.action_label} · ${r.operator_name}`,
            description: (
              <>
                <div>
                  {formatDateTime(r.date_created)} · {r.ip || '—'}
                </div>
                {(r.target_name || r.target_id) && <div>对象：{targetText(r)}</div>}
                <div style={{ wordBreak: 'break-all' }}>{changeText(r.before, r.after)}</div>
              </>
            ),
          })}
        />
      </Flex>
    </Panel>
  );
}
