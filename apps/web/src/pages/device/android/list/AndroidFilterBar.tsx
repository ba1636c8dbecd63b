import { androidListQuery, type AndroidListQuery } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { androidSearchOptionsQuery } from '../../../../api/androidDevice.ts';
import { clerkOptionLabel, DeviceAgeFilters, filterItem, FilterButtons, fromPickerRange, toPickerRange } from '../../../../forms/filterBar.tsx';
import { schemaRule } from '../../../../forms/formRules.ts';
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
  registration: toPickerRange(q.registration_time),
});

const fromValues = (v: FilterValues): Partial<AndroidListQuery> => ({
  imei: text(v.imei),
  hirer_phone_number: text(v.hirer_phone_number),
  serial_number: text(v.serial_number),
  brand: v.brand ?? undefined,
  model: v.model ?? undefined,
  channel: v.channel ?? undefined,
  registration_time: fromPickerRange(v.registration),
  offline_duration: v.offline_duration ?? undefined,
  for_clerk: v.for_clerk ?? undefined,
  lock_status: v.lock_status ?? undefined,
  regulate_status: v.regulate_status ?? undefined,
});

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
      <Form.Item name="imei" rules={[schemaRule(shape.imei)]} {...filterItem}>
        <Input allowClear aria-label="IMEI" placeholder="IMEI" style={{ width: 150 }} maxLength={15} />
      </Form.Item>
      <Form.Item name="hirer_phone_number" rules={[schemaRule(shape.hirer_phone_number)]} {...filterItem}>
        <Input allowClear aria-label="租机人手机号" placeholder="租机人手机号" style={{ width: 140 }} maxLength={11} />
      </Form.Item>
      <Form.Item name="serial_number" rules={[schemaRule(shape.serial_number)]} {...filterItem}>
        <Input allowClear aria-label="序列号" placeholder="序列号" style={{ width: 130 }} maxLength={32} />
      </Form.Item>
      <Form.Item name="brand" {...filterItem}>
        <Select {...select('品牌', 110)} options={o?.brands} />
      </Form.Item>
      <Form.Item name="model" {...filterItem}>
        <Select {...select('型号', 130)} showSearch options={o?.models.map((m) => ({ value: m, label: m }))} />
      </Form.Item>
      <Form.Item name="channel" {...filterItem}>
        <Select {...select('管理通道', 120)} options={o?.channels} />
      </Form.Item>
      <Form.Item name="lock_status" {...filterItem}>
        <Select {...select('锁定状态', 110)} options={o?.lock_statuses} />
      </Form.Item>
      <Form.Item name="regulate_status" {...filterItem}>
        <Select {...select('监管状态', 120)} options={o?.regulate_statuses} />
      </Form.Item>
      {showClerk && o && (
        <Form.Item name="for_clerk" {...filterItem}>
          <Select
            {...select('店员', 120)}
            showSearch={{ optionFilterProp: 'label' }}
            options={o.clerks.map((c) => ({ value: c.id, label: clerkOptionLabel(c) }))}
          />
        </Form.Item>
      )}
      <DeviceAgeFilters />
      <FilterButtons
        onReset={() => {
          const cleared = androidListSearch.clearFilters(query);
          form.setFieldsValue(toValues(cleared));
          onChange(cleared);
        }}
      />
    </Form>
  );
}
