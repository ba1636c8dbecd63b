import { formatFen, PAYMENT_METHODS, paymentMethodLabel, type LeasePlanItem, type PaymentMethod } from '@lease/shared';
import { Alert, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { recordPayment } from '../../../api/lease.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { dayjs } from '../../../lib/time.ts';
import { newIdempotencyKey } from '../../../lib/uuid.ts';
import { fenOf } from '../../../lib/money.ts';
import { MoneyField } from './MoneyField.tsx';
import { usePlanChange } from './usePlanChange.ts';

interface Values {
  amount: string;
  method: PaymentMethod;
  reference?: string;
  paid_at?: Dayjs | null;
  note?: string;
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabel[m] }));

export interface PlanDialogProps {
  plan: LeasePlanItem;
  onClose: () => void;
}

/** PaymentDialog books one payment in 元 (sent as whole 分) with one Idempotency-Key per opening, so it is booked once. */
export function PaymentDialog({ plan, onClose }: PlanDialogProps) {
  const [form] = Form.useForm<Values>();
  const [key] = useState(newIdempotencyKey);
  const pay = usePlanChange(
    plan,
    (v: Values) =>
      recordPayment(
        plan.id,
        { amount_fen: fenOf(v.amount), method: v.method, reference: v.reference?.trim() ?? '', note: v.note?.trim() ?? '', paid_at: v.paid_at?.toISOString() },
        key,
      ),
    { done: '还款已登记', form, onDone: onClose },
  );
  const owed = plan.amount_overdue_fen;
  return (
    <FormDialog<Values>
      title={`登记还款：${plan.hirer_name || plan.serial_number}`}
      okText="登记"
      width={480}
      form={form}
      initialValues={{ method: 'wechat' }}
      onFinish={(v) => pay.mutate(v)}
      pending={pay.isPending}
      onClose={onClose}
      intro={
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`已还 ${formatFen(plan.paid_fen)} / 共 ${formatFen(plan.total_fen)}${owed > 0 ? `，当前欠款 ${formatFen(owed)}` : ''}`}
          description={plan.locked_for_arrears ? '还清欠款后，按门店策略设备将自动解锁。' : undefined}
        />
      }
    >
      <MoneyField name="amount" label="还款金额" positive />
      <Form.Item name="method" label="支付方式" rules={[{ required: true, message: '请选择支付方式' }]}>
        <Select options={METHOD_OPTIONS} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="reference" label="流水号" rules={[{ max: 64, message: '流水号最多 64 个字符' }]}>
        <Input placeholder="选填，如微信支付单号" maxLength={64} />
      </Form.Item>
      <Form.Item name="paid_at" label="还款时间" extra="不填为当前时间">
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="note" label="备注" rules={[{ max: 200, message: '备注最多 200 字' }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
