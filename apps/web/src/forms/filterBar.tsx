import { OFFLINE_DURATIONS, offlineHoursText } from '@lease/shared';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { compactDate, parseCompactDate } from '../lib/time.ts';

/** filterItem is a filter bar's Form.Item spacing: rows are spaced by the form's rowGap instead. */
export const filterItem = { style: { marginBottom: 0 } };

/** clerkOptionLabel names a clerk in a filter or picker; a disabled clerk stays findable in old records. */
export const clerkOptionLabel = (c: { name: string; disabled: boolean }) => (c.disabled ? `${c.name}（已停用）` : c.name);

/** toPickerRange and fromPickerRange convert a full day range between the URL (two YYYYMMDD dates) and the range picker. */
export const toPickerRange = (range: readonly string[] | undefined): [Dayjs, Dayjs] | null =>
  range ? [parseCompactDate(range[0]), parseCompactDate(range[1])] : null;
export const fromPickerRange = (v: [Dayjs, Dayjs] | null | undefined): [string, string] | undefined => (v ? [compactDate(v[0]), compactDate(v[1])] : undefined);

const OFFLINE_OPTIONS = OFFLINE_DURATIONS.map((h) => ({ value: h, label: `超过 ${offlineHoursText(h)} 小时` }));

/** DeviceAgeFilters are a device list's "registered between" and "offline for more than" filters. */
export function DeviceAgeFilters() {
  return (
    <>
      <Form.Item name="registration" {...filterItem}>
        <DatePicker.RangePicker placeholder={['登记开始日期', '结束日期']} style={{ width: 250 }} />
      </Form.Item>
      <Form.Item name="offline_duration" {...filterItem}>
        <Select allowClear aria-label="离线时长" placeholder="离线时长" options={OFFLINE_OPTIONS} style={{ width: 130 }} />
      </Form.Item>
    </>
  );
}

interface FilterButtonsProps {
  /** Clears the form and the applied filters. */
  onReset: () => void;
  /** Both buttons in one form item, closer together (the merchant pages' bars). */
  joined?: boolean;
}

/** FilterButtons end a filter bar: 查询 submits the form, 重置 clears it. */
export function FilterButtons({ onReset, joined = false }: FilterButtonsProps) {
  const search = (
    <Button type="primary" htmlType="submit">
      查询
    </Button>
  );
  const reset = <Button onClick={onReset}>重置</Button>;
  if (joined) {
    return (
      <Form.Item {...filterItem}>
        <Space>
          {search}
          {reset}
        </Space>
      </Form.Item>
    );
  }
  return (
    <>
      <Form.Item {...filterItem}>{search}</Form.Item>
      <Form.Item {...filterItem}>{reset}</Form.Item>
    </>
  );
}
