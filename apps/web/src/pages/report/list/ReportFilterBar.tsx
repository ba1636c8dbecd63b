import { REPORT_STATUSES, reportListQuery, reportStatusLabel, type ReportListQuery, type ReportStatus } from '@lease/shared';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { filterItem, FilterButtons } from '../../../forms/filterBar.tsx';
import { schemaRule } from '../../../forms/formRules.ts';
import { dayjs } from '../../../lib/time.ts';
import { reportSearch } from './reportSearch.ts';

interface FilterValues {
  name?: string;
  phone_number?: string;
  status?: ReportStatus;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';
const text = (v: string | undefined) => v?.trim() || undefined;

const toValues = (q: ReportListQuery): FilterValues => ({
  name: q.name,
  phone_number: q.phone_number,
  status: q.status,
  range: q.date_from || q.date_to ? [q.date_from ? dayjs(q.date_from) : null, q.date_to ? dayjs(q.date_to) : null] : null,
});

const fromValues = (v: FilterValues): Partial<ReportListQuery> => ({
  name: text(v.name),
  phone_number: text(v.phone_number),
  status: v.status ?? undefined,
  date_from: v.range?.[0]?.format(DAY),
  date_to: v.range?.[1]?.format(DAY),
});

const STATUS_OPTIONS = REPORT_STATUSES.map((s) => ({ value: s, label: reportStatusLabel[s] }));

interface Props {
  query: ReportListQuery;
  onChange: (next: ReportListQuery) => void;
}

/** ReportFilterBar edits the list's filters; 查询 writes them to the URL and starts from the first page. */
export function ReportFilterBar(props: Props) {
  // Starts over when the URL's filters change (back button, pasted link); turning pages leaves typing alone.
  return <FilterForm key={JSON.stringify(reportSearch.filtersOf(props.query))} {...props} />;
}

function FilterForm({ query, onChange }: Props) {
  const [form] = Form.useForm<FilterValues>();
  return (
    <Form<FilterValues>
      form={form}
      layout="inline"
      initialValues={toValues(query)}
      onFinish={(v) => onChange(reportSearch.withFilters(query, fromValues(v)))}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="name" rules={[schemaRule(reportListQuery.shape.name)]} {...filterItem}>
        <Input allowClear placeholder="姓名" style={{ width: 120 }} maxLength={20} />
      </Form.Item>
      <Form.Item name="phone_number" rules={[schemaRule(reportListQuery.shape.phone_number)]} {...filterItem}>
        <Input allowClear placeholder="手机号（完整）" style={{ width: 150 }} maxLength={11} />
      </Form.Item>
      <Form.Item name="status" {...filterItem}>
        <Select allowClear placeholder="状态" options={STATUS_OPTIONS} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="range" style={{ ...filterItem.style, maxWidth: '100%' }}>
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} style={{ width: 250, maxWidth: '100%' }} />
      </Form.Item>
      <FilterButtons
        onReset={() => {
          form.setFieldsValue({ name: undefined, phone_number: undefined, status: undefined, range: null });
          onChange(reportSearch.clearFilters(query));
        }}
      />
    </Form>
  );
}
