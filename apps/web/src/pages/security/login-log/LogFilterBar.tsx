import { Module } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { clerkOptionsQuery } from '../../../api/iosDevice.ts';
import { useUser } from '../../../auth/useUser.ts';
import { clerkOptionLabel, filterItem, FilterButtons } from '../../../forms/filterBar.tsx';
import { compactDate, parseCompactDate } from '../../../lib/time.ts';

/** LogFilters are the filters the log pages share; `action` and `device_keyword` only exist on the operation log. */
export interface LogFilters {
  device_keyword?: string;
  for_clerk?: string;
  status?: number;
  action?: string;
  start_date?: string;
  end_date?: string;
}

interface FormValues {
  device_keyword?: string;
  for_clerk?: string;
  status?: number;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export interface Option<V> {
  value: V;
  label: string;
}

interface LogFilterBarProps<Q extends LogFilters & { page_num: number }> {
  query: Q;
  onChange: (next: Q) => void;
  statusOptions: Option<number>[];
  /** Given on the operation log: the action select. */
  actionOptions?: Option<string>[];
  /** On the operation log: search by the device's serial or its hirer. */
  deviceSearch?: boolean;
  /** Off on a page without a status (report views). */
  showStatus?: boolean;
  /** Hidden for a clerk who only sees their own entries. */
  showClerk?: boolean;
}

const EMPTY: LogFilters = { device_keyword: undefined, for_clerk: undefined, status: undefined, action: undefined, start_date: undefined, end_date: undefined };

const toValues = (q: LogFilters): FormValues => ({
  device_keyword: q.device_keyword,
  for_clerk: q.for_clerk,
  status: q.status,
  action: q.action,
  range: q.start_date || q.end_date ? [q.start_date ? parseCompactDate(q.start_date) : null, q.end_date ? parseCompactDate(q.end_date) : null] : null,
});

const fromValues = (v: FormValues): LogFilters => ({
  device_keyword: v.device_keyword?.trim() || undefined,
  for_clerk: v.for_clerk ?? undefined,
  status: v.status ?? undefined,
  action: v.action ?? undefined,
  start_date: v.range?.[0] ? compactDate(v.range[0]) : undefined,
  end_date: v.range?.[1] ? compactDate(v.range[1]) : undefined,
});

/**
 * useClerkOptions lists the store's clerks for the filter. It reads the Apple helper list (any clerk may read
 * it), so a store without the Apple module gets no clerk filter.
 */
function useClerkOptions(enabled: boolean) {
  const user = useUser();
  const available = enabled && user.available_modules.includes(Module.APPLE);
  const clerks = useQuery({ ...clerkOptionsQuery, enabled: available });
  return { available, loading: clerks.isLoading, options: (clerks.data ?? []).map((c) => ({ value: c.id, label: clerkOptionLabel(c) })) };
}

/** LogFilterBar edits a log page's filters; 查询 applies them from the first page, 重置 clears them. */
export function LogFilterBar<Q extends LogFilters & { page_num: number }>(props: LogFilterBarProps<Q>) {
  const { page_num: _page, page_size: _size, ...filters } = props.query as Q & { page_size?: number };
  // Starts over when the URL's filters change (back button, pasted link); turning pages leaves typing alone.
  return <LogFilterForm key={JSON.stringify(filters)} {...props} />;
}

function LogFilterForm<Q extends LogFilters & { page_num: number }>({
  query,
  onChange,
  statusOptions,
  actionOptions,
  deviceSearch,
  showStatus = true,
  showClerk = true,
}: LogFilterBarProps<Q>) {
  const [form] = Form.useForm<FormValues>();
  const clerks = useClerkOptions(showClerk);
  const apply = (filters: LogFilters) => onChange({ ...query, ...filters, page_num: 0 });

  return (
    <Form<FormValues> form={form} layout="inline" initialValues={toValues(query)} onFinish={(v) => apply(fromValues(v))} style={{ rowGap: 12 }}>
      {deviceSearch && (
        <Form.Item name="device_keyword" {...filterItem}>
          <Input allowClear maxLength={40} placeholder="设备序列号 / 租机人姓名或手机号" aria-label="搜索设备或租机人" style={{ width: 240 }} />
        </Form.Item>
      )}
      {clerks.available && (
        <Form.Item name="for_clerk" {...filterItem}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="店员"
            loading={clerks.loading}
            options={clerks.options}
            style={{ width: 140 }}
          />
        </Form.Item>
      )}
      {actionOptions && (
        <Form.Item name="action" {...filterItem}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="操作类型" options={actionOptions} style={{ width: 170 }} />
        </Form.Item>
      )}
      {showStatus && (
        <Form.Item name="status" {...filterItem}>
          <Select allowClear placeholder="状态" options={statusOptions} style={{ width: 130 }} />
        </Form.Item>
      )}
      <Form.Item name="range" {...filterItem}>
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} style={{ width: 250 }} />
      </Form.Item>
      <FilterButtons
        onReset={() => {
          form.setFieldsValue(toValues(EMPTY));
          apply(EMPTY);
        }}
      />
    </Form>
  );
}
