import { contactPhone, type LostModalContent } from '@lease/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { schemaRule, showFormError } from './formRules.ts';

const trimmed = (v: Partial<LostModalContent>): LostModalContent => ({
  message: v.message?.trim() ?? '',
  phone_number: v.phone_number?.trim() ?? '',
  footnote: v.footnote?.trim() ?? '',
});

interface LostModalContentFormProps {
  content: LostModalContent;
  /** Says whose text this is and what falls back to what. */
  hint: string;
  submitLabel: string;
  /** Saves the trimmed text; a rejection is shown at its fields. */
  onSave: (content: LostModalContent) => Promise<unknown>;
}

/**
 * LostModalContentForm edits lock-screen text (message, phone, footnote) with the server's limits: the store's
 * default and the clerk's own are the same three fields and only differ in the endpoint and the hint.
 */
export function LostModalContentForm({ content, hint, submitLabel, onSave }: LostModalContentFormProps) {
  const [form] = Form.useForm<LostModalContent>();
  const save = useMutation({ mutationFn: (v: LostModalContent) => onSave(trimmed(v)), onError: (err) => showFormError(form, err) });
  return (
    <Form<LostModalContent> form={form} layout="vertical" initialValues={content} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 560 }}>
      <Alert type="info" showIcon title={hint} style={{ marginBottom: 24 }} />
      <Form.Item name="message" label="锁屏提示" rules={[{ max: 200, message: '锁屏提示最多 200 个字符' }]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 3, maxRows: 5 }} placeholder="如：本机为租赁设备，已被锁定，请联系门店处理" />
      </Form.Item>
      <Form.Item name="phone_number" label="联系电话" rules={[schemaRule(contactPhone)]}>
        <Input maxLength={20} inputMode="tel" placeholder="手机、400 或固定电话，锁屏上显示" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="footnote" label="脚注" rules={[{ max: 100, message: '脚注最多 100 个字符' }]}>
        <Input maxLength={100} placeholder="如：门店名称或地址" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {submitLabel}
        </Button>
      </Form.Item>
    </Form>
  );
}
