import { leasePlanListQuery, leasePlanStatusLabel, type LeasePlanListQuery } from '@lease/shared';
import { Form, Input, InputNumber, Select } from 'antd';
import { filterItem, FilterButtons } from '../../../forms/filterBar.tsx';
import { schemaRule } from '../../../forms/formRules.ts';
import { type LeaseListMode, leaseSearch, statusesOf } from './leaseSearch.ts';

type FilterValues = Pick<LeasePlanListQuery, 'status' | 'platform' | 'keyword' | 'min_days_overdue' | 'sort'>;

const PLATFORM_OPTIONS = [
  { value: 'ios', label: 'Apple' },
  { value: 'android', label: 'Android' },
];
const SORT_OPTIONS = [
  { value: 'days_overdue', label: '按逾期天数' },
  { value: 'amount_overdue', label: '按欠款金额' },
  { value: 'next_due_date', label: '按下期还款日' },
];

const fromValues = (v: FilterValues): Partial<LeasePlanListQuery> => ({
  status: v.status ?? undefined,
  platform: v.platform ?? undefined,
  keyword: v.keyword?.trim() || undefined,
  min_days_overdue: v.min_days_overdue ?? undefined,
  sort: v.sort ?? undefined,
});

interface Props {
  mode: LeaseListMode;
  query: LeasePlanListQuery;
  onChange: (next: LeasePlanListQuery) => void;
}

/** LeaseFilterBar edits the plans list's filters and sort; 查询 writes them to the URL and starts from the first page. */
export function LeaseFilterBar(props: Props) {
  // Starts over when the URL's filters change (back button, pasted link); turning pages leaves typing alone.
  return <FilterForm key={JSON.stringify(leaseSearch.filtersOf(props.query))} {...props} />;
}

function FilterForm({ mode, query, onChange }: Props) {
  const [form] = Form.useForm<FilterValues>();
  const statusOptions = statusesOf(mode).map((s) => ({ value: s, label: leasePlanStatusLabel[s] }));
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      initialValues={{ ...query }}
      onFinish={(v) => onChange(leaseSearch.withFilters(query, fromValues(v)))}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="keyword" rules={[schemaRule(leasePlanListQuery.shape.keyword)]} {...filterItem}>
        <Input allowClear placeholder="序列号 / IMEI / 租机人 / 手机号" style={{ width: 230 }} maxLength={64} />
      </Form.Item>
      <Form.Item name="status" {...filterItem}>
        <Select allowClear aria-label="状态" placeholder="状态" options={statusOptions} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="platform" {...filterItem}>
        <Select allowClear aria-label="平台" placeholder="平台" options={PLATFORM_OPTIONS} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="min_days_overdue" {...filterItem}>
        <InputNumber aria-label="最少逾期天数" placeholder="逾期天数≥" min={0} max={3650} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="sort" {...filterItem}>
        <Select allowClear aria-label="排序" placeholder="默认排序" options={SORT_OPTIONS} style={{ width: 140 }} />
      </Form.Item>
      <FilterButtons
        onReset={() => {
          form.setFieldsValue({ keyword: undefined, status: undefined, platform: undefined, min_days_overdue: undefined });
          onChange(leaseSearch.clearFilters(query));
        }}
      />
    </Form>
  );
}
