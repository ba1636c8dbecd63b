import { Alert, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { recordPromise } from '../../../api/lease.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { dayjs } from '../../../lib/time.ts';
import type { PlanDialogProps } from './PaymentDialog.tsx';
import { usePlanChange } from './usePlanChange.ts';

interface Values {
  until: Dayjs;
  note?: string;
}

/** PromiseDialog records the hirer's promise to pay by a day: no automatic lock until then; unpaid by then, it locks. */
export function PromiseDialog({ plan, onClose }: PlanDialogProps) {
  const [form] = Form.useForm<Values>();
  const promise = usePlanChange(plan, (v: Values) => recordPromise(plan.id, { until: v.until.format('YYYY-MM-DD'), note: v.note?.trim() ?? '' }), {
    done: '承诺还款已记录',
    form,
    onDone: onClose,
  });
  return (
    <FormDialog<Values>
      title="承诺还款"
      okText="保存"
      width={440}
      form={form}
      initialValues={plan.promise_until ? { until: dayjs(plan.promise_until) } : undefined}
      onFinish={(v) => promise.mutate(v)}
      pending={promise.isPending}
      onClose={onClose}
      intro={<Alert type="info" showIcon style={{ marginBottom: 16 }} title="承诺日之前不会因欠费自动锁定；到期仍未还清，设备将自动锁定。" />}
    >
      <Form.Item name="until" label="承诺还款日" rules={[{ required: true, message: '请选择承诺还款日' }]}>
        <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="note" label="备注" rules={[{ max: 200, message: '备注最多 200 字' }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
