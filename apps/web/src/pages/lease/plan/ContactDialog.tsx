import { Form, Input } from 'antd';
import { recordContact } from '../../../api/lease.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import type { PlanDialogProps } from './PaymentDialog.tsx';
import { usePlanChange } from './usePlanChange.ts';

/** ContactDialog notes one contact with the hirer (a call, a visit, what they said). */
export function ContactDialog({ plan, onClose }: PlanDialogProps) {
  const [form] = Form.useForm<{ note: string }>();
  const contact = usePlanChange(plan, (v: { note: string }) => recordContact(plan.id, { note: v.note.trim() }), {
    done: '联系记录已保存',
    form,
    onDone: onClose,
  });
  return (
    <FormDialog<{ note: string }>
      title="联系记录"
      okText="保存"
      width={440}
      form={form}
      onFinish={(v) => contact.mutate(v)}
      pending={contact.isPending}
      onClose={onClose}
      intro={plan.last_contact_note ? <p style={{ marginTop: 0 }}>上次记录：{plan.last_contact_note}</p> : undefined}
    >
      <Form.Item
        name="note"
        label="联系内容"
        rules={[
          { required: true, whitespace: true, message: '请填写联系记录' },
          { max: 200, message: '联系记录最多 200 字' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={200} placeholder="如：电话联系，租机人称周五前还款" />
      </Form.Item>
    </FormDialog>
  );
}
