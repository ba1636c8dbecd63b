import { androidListQuery, OFFLINE_DURATIONS, type AndroidListQuery } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { androidSearchOptionsQuery } from '../../../../api/androidDevice.ts';
import { schemaRule } from '../../../../forms/formRules.ts';
import { compactDate, parseCompactDate } from '../../../../lib/time.ts';
import { androidListSearch } from './androidListSearch.ts';

interface FilterValues {
  imei?: string;
  hirer_phone_number?: string;
  serial_number?: string;
  brand?: string;
  model?: string;
  channel?: number;
  registration?: [Dayjs, Dayjs] | null;
  offline_duration?: number;
  for_clerk?: string;
  lock_status?: number;
  regulate_status?: number;
}

const text = (v: string | undefined) => v?.trim() || undefined;

const toValues = (q: AndroidListQuery): FilterValues => ({
  ...q,
  registration: q.registration_time ? [parseCompactDate(q.registration_time[0]), parseCompactDate(q.registration_time[1])] : null,
});

const fromValues = (v: FilterValues): Partial<AndroidListQuery> => ({
  imei: text(v.imei),
  hirer_phone_number: text(v.hirer_phone_number),
  serial_number: text(v.serial_number),
  brand: v.brand ?? undefined,
  model: v.model ?? undefined,
  channel: v.channel ?? undefined,
  registration_time: v.registration ? [compactDate(v.registration[0]), compactDate(v.registration[1])] : undefined,
  offline_duration: v.offline_duration ?? undefined,
  for_clerk: v.for_clerk ?? undefined,
  lock_status: v.lock_status ?? undefined,
  regulate_status: v.regulate_status ?? undefined,
});

const OFFLINE_OPTIONS = OFFLINE_DURATIONS.map((h) => ({ value: h, label: `超过 ${h} 小时` }));
const field = { style: { marginBottom: 0 } };
const shape = androidListQuery.shape;

interface AndroidFilterBarProps {
  query: AndroidListQuery;
  onChange: (next: AndroidListQuery) => void;
  /** The clerk filter is offered to clerks who see the whole store's phones (Ea2). */
  showClerk: boolean;
}

/**
 * AndroidFilterBar edits the list's filters, whose choices (brands, models, channels, clerks, states) come
 * from GET /search-options; 查询 writes them to the URL. The form starts over when the URL's filters change.
 */
export function AndroidFilterBar(props: AndroidFilterBarProps) {
  return <FilterForm key={JSON.stringify(androidListSearch.filtersOf(props.query))} {...props} />;
}

function FilterForm({ query, onChange, showClerk }: AndroidFilterBarProps) {
  const [form] = Form.useForm<FilterValues>();
  const options = useQuery(androidSearchOptionsQuery);
  const o = options.data;
  const select = (placeholder: string, width: number) => ({ allowClear: true, placeholder, loading: options.isLoading, style: { width } });

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      initialValues={toValues(query)}
      onFinish={(v) => onChange(androidListSearch.withFilters(query, fromValues(v)))}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="imei" rules={[schemaRule(shape.imei)]} {...field}>
        <Input allowClear placeholder="IMEI" style={{ width: 150 }} maxLength={15} />
      </Form.Item>
      <Form.Item name="hirer_phone_number" rules={[schemaRule(shape.hirer_phone_number)]} {...field}>
        <Input allowClear placeholder="租机人手机号" style={{ width: 140 }} maxLength={11} />
      </Form.Item>
      <Form.Item name="serial_number" rules={[schemaRule(shape.serial_number)]} {...field}>
        <Input allowClear placeholder="序列号" style={{ width: 130 }} maxLength={32} />
      </Form.Item>
      <Form.Item name="brand" {...field}>
        <Select {...select('品牌', 110)} options={o?.brands} />
      </Form.Item>
      <Form.Item name="model" {...field}>
        <Select {...select('型号', 130)} showSearch options={o?.models.map((m) => ({ value: m, label: m }))} />
      </Form.Item>
      <Form.Item name="channel" {...field}>
        <Select {...select('管理通道', 120)} options={o?.channels} />
      </Form.Item>
      <Form.Item name="lock_status" {...field}>
        <Select {...select('锁定状态', 110)} options={o?.lock_statuses} />
      </Form.Item>
      <Form.Item name="regulate_status" {...field}>
        <Select {...select('监管状态', 120)} options={o?.regulate_statuses} />
      </Form.Item>
      {showClerk && o && (
        <Form.Item name="for_clerk" {...field}>
          <Select
            {...select('店员', 120)}
            showSearch={{ optionFilterProp: 'label' }}
            options={o.clerks.map((c) => ({ value: c.id, label: c.disabled ? `${c.name}（已停用）` : c.name }))}
          />
        </Form.Item>
      )}
      <Form.Item name="registration" {...field}>
        <DatePicker.RangePicker placeholder={['登记开始日期', '结束日期']} style={{ width: 250 }} />
      </Form.Item>
      <Form.Item name="offline_duration" {...field}>
        <Select allowClear placeholder="离线时长" options={OFFLINE_OPTIONS} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item {...field}>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
      <Form.Item {...field}>
        <Button
          onClick={() => {
            const cleared = androidListSearch.clearFilters(query);
            form.setFieldsValue(toValues(cleared));
            onChange(cleared);
          }}
        >
          重置
        </Button>
      </Form.Item>
    </Form>
  );
}
