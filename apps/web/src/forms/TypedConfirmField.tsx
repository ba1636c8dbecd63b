import { Form, Input } from 'antd';
import { Typography } from '../components/typography/Typography.tsx';

interface TypedConfirmFieldProps {
  name: string;
  /** The text to type (a serial number, an IMEI); compared trimmed and without regard to case. */
  expected: string;
  /** What `expected` is, said before it: "请输入序列号 …". */
  what?: string;
  mismatch: string;
}

/** TypedConfirmField is the strong confirmation of an action that cannot be undone: the clerk types the device's identifier. */
export function TypedConfirmField({ name, expected, what = '', mismatch }: TypedConfirmFieldProps) {
  return (
    <Form.Item
      name={name}
      label={
        <span>
          请输入{what} <Typography.Text code>{expected}</Typography.Text> 以确认
        </span>
      }
      rules={[
        {
          validator: async (_r, v: unknown) => {
            if (
              String(v ?? '')
                .trim()
                .toUpperCase() !== expected.toUpperCase()
            )
              throw new Error(mismatch);
          },
        },
      ]}
    >
      <Input autoComplete="off" />
    </Form.Item>
  );
}
