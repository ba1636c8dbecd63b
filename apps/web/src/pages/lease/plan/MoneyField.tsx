import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { parseYuan } from '../../../lib/money.ts';

interface MoneyFieldProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  /** A correction may take a negative amount. */
  signed?: boolean;
  /** Zero is refused (a payment, an instalment). */
  positive?: boolean;
  extra?: ReactNode;
  placeholder?: string;
}

/**
 * MoneyField is an amount in 元 typed as text: a number input would hand over a float. The value stays the text;
 * the dialog converts it with parseYuan when it sends.
 */
export function MoneyField({ name, label, required = true, signed = false, positive = false, extra, placeholder }: MoneyFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      required={required}
      rules={[
        {
          validator: async (_rule, value: string | undefined) => {
            if (!value?.trim()) {
              if (required) throw new Error('请填写金额');
              return;
            }
            const r = parseYuan(value, { signed });
            if (!r.ok) throw new Error(r.message);
            if (r.fen === 0 && (positive || signed)) throw new Error('金额不能为 0');
          },
        },
      ]}
    >
      <Input inputMode="decimal" prefix="¥" suffix="元" placeholder={placeholder ?? '如 1200 或 99.50'} style={{ maxWidth: 240 }} autoComplete="off" />
    </Form.Item>
  );
}
