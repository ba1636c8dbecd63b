import { Alert, Form, Input } from 'antd';
import { recordCorrection } from '../../../api/lease.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { fenOf } from '../../../lib/money.ts';
import { MoneyField } from './MoneyField.tsx';
import type { PlanDialogProps } from './PaymentDialog.tsx';
import { usePlanChange } from './usePlanChange.ts';

interface Values {
  amount: string;
  reason: string;
}

/** CorrectionDialog adds a signed correction with its reason: the ledger is never edited, a mistake is reversed. */
export function CorrectionDialog({ plan, onClose }: PlanDialogProps) {
  const [form] = Form.useForm<Values>();
  const fix = usePlanChange(plan, (v: Values) => recordCorrection(plan.id, { amount_fen: fenOf(v.amount, true), reason: v.reason.trim() }), {
    done: '更正已记录',
    form,
    onDone: onClose,
  });
  return (
    <FormDialog<Values>
      title="更正还款记录"
      okText="记录更正"
      width={480}
      form={form}
      onFinish={(v) => fix.mutate(v)}
      pending={fix.isPending}
      onClose={onClose}
      intro={<Alert type="warning" showIcon style={{ marginBottom: 16 }} title="更正会新增一条记录，原记录保留。负数冲减（退款、录错的还款），正数补记。" />}
    >
      <MoneyField name="amount" label="更正金额" signed placeholder="如 -100 或 50.00" />
      <Form.Item
        name="reason"
        label="更正原因"
        rules={[
          { required: true, whitespace: true, message: '请填写更正原因' },
          { min: 2, message: '请填写更正原因' },
          { max: 200, message: '更正原因最多 200 字' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={200} placeholder="如：重复登记了 3 月 5 日的微信还款" />
      </Form.Item>
    </FormDialog>
  );
}
