import { Checkbox, Form } from 'antd';

/** ConfirmField is the explicit tick every device command asks for before its button does anything. */
export function ConfirmField({ label }: { label: string }) {
  return (
    <Form.Item
      name="confirmed"
      valuePropName="checked"
      rules={[
        {
          validator: async (_r, v: unknown) => {
            if (v !== true) throw new Error('请勾选确认后再继续');
          },
        },
      ]}
      style={{ marginBottom: 0 }}
    >
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
}
