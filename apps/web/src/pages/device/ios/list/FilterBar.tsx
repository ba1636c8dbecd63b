import { iosListQuery, lockStatusLabel, type IosListQuery } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { clerkOptionsQuery } from '../../../../api/iosDevice.ts';
import { clerkOptionLabel, DeviceAgeFilters, filterItem, FilterButtons, fromPickerRange, toPickerRange } from '../../../../forms/filterBar.tsx';
import { schemaRule } from '../../../../forms/formRules.ts';
import { clearFilters, filtersOf, withFilters } from './listSearch.ts';

interface FilterValues {
  imei?: string;
  hirer_phone_number?: string;
  serial_number?: string;
  registration?: [Dayjs, Dayjs] | null;
  offline_duration?: number;
  for_clerk?: string;
  lock_status?: number;
}

const toValues = (q: IosListQuery): FilterValues => ({
  imei: q.imei,
  hirer_phone_number: q.hirer_phone_number,
  serial_number: q.serial_number,
  registration: toPickerRange(q.registration_time),
  offline_duration: q.offline_duration,
  for_clerk: q.for_clerk,
  lock_status: q.lock_status,
});

const text = (v: string | undefined) => v?.trim() || undefined;

const fromValues = (v: FilterValues): Partial<IosListQuery> => ({
  imei: text(v.imei),
  hirer_phone_number: text(v.hirer_phone_number),
  serial_number: text(v.serial_number)?.toUpperCase(),
  registration_time: fromPickerRange(v.registration),
  offline_duration: v.offline_duration ?? undefined,
  for_clerk: v.for_clerk ?? undefined,
  lock_status: v.lock_status ?? undefined,
});

const LOCK_OPTIONS = Object.entries(lockStatusLabel).map(([value, label]) => ({ value: Number(value), label }));

interface FilterBarProps {
  query: IosListQuery;
  onChange: (next: IosListQuery) => void;
  /** The clerk filter is offered to clerks who see the whole store's devices (Aa3). */
  showClerk: boolean;
}

/**
 * FilterBar edits the list's filters; 查询 writes them to the URL. The form starts from the URL's filters
 * and starts over when they change (back button, a pasted link), while turning pages leaves typing alone.
 */
export function FilterBar(props: FilterBarProps) {
  return <FilterForm key={JSON.stringify(filtersOf(props.query))} {...props} />;
}

function FilterForm({ query, onChange, showClerk }: FilterBarProps) {
  const [form] = Form.useForm<FilterValues>();
  const clerks = useQuery({ ...clerkOptionsQuery, enabled: showClerk });

  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      initialValues={toValues(query)}
      onFinish={(v) => onChange(withFilters(query, fromValues(v)))}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="imei" rules={[schemaRule(iosListQuery.shape.imei)]} {...filterItem}>
        <Input allowClear aria-label="IMEI" placeholder="IMEI" style={{ width: 150 }} maxLength={15} />
      </Form.Item>
      <Form.Item name="hirer_phone_number" rules={[schemaRule(iosListQuery.shape.hirer_phone_number)]} {...filterItem}>
        <Input allowClear aria-label="租机人手机号" placeholder="租机人手机号" style={{ width: 140 }} maxLength={11} />
      </Form.Item>
      <Form.Item name="serial_number" rules={[schemaRule(iosListQuery.shape.serial_number)]} {...filterItem}>
        <Input allowClear aria-label="序列号" placeholder="序列号" style={{ width: 140 }} maxLength={14} />
      </Form.Item>
      <DeviceAgeFilters />
      {showClerk && (
        <Form.Item name="for_clerk" {...filterItem}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="店员"
            placeholder="店员"
            loading={clerks.isLoading}
            options={(clerks.data ?? []).map((c) => ({ value: c.id, label: clerkOptionLabel(c) }))}
            style={{ width: 130 }}
          />
        </Form.Item>
      )}
      <Form.Item name="lock_status" {...filterItem}>
        <Select allowClear aria-label="锁定状态" placeholder="锁定状态" options={LOCK_OPTIONS} style={{ width: 120 }} />
      </Form.Item>
      <FilterButtons
        onReset={() => {
          // Also clears typing that was never applied, when the URL has no filters to drop.
          form.setFieldsValue(toValues(clearFilters(query)));
          onChange(clearFilters(query));
        }}
      />
    </Form>
  );
}
