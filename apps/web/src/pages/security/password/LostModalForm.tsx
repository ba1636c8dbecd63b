import { contactPhone, type LostModalContent } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { lostModalContentQuery } from '../../../api/iosDevice.ts';
import { updateMyLostModal } from '../../../api/user.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFormError } from '../../../forms/formRules.ts';

const trimmed = (v: Partial<LostModalContent>): LostModalContent => ({
  message: v.message?.trim() ?? '',
  phone_number: v.phone_number?.trim() ?? '',
  footnote: v.footnote?.trim() ?? '',
});

/**
 * LostModalForm is the clerk's own default lock-screen text (spec §7 GET/PUT /api/user/lost-modal-content): what
 * the lock dialogs start from. The fields the clerk never filled show the store's default, which the call fills in.
 */
export function LostModalForm() {
  const content = useQuery(lostModalContentQuery);
  const [form] = Form.useForm<LostModalContent>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: LostModalContent) => updateMyLostModal(trimmed(v)),
    onSuccess: (saved) => {
      feedback.message.success('锁屏提示内容已保存');
      queryClient.setQueryData(lostModalContentQuery.queryKey, saved);
    },
    onError: (err) => showFormError(form, err),
  });

  if (!content.data) return <Skeleton active />;
  return (
    <Form<LostModalContent> form={form} layout="vertical" initialValues={content.data} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 560 }}>
      <Alert
        type="info"
        showIcon
        title="锁定设备时，锁屏提示默认带出以下内容，下发前仍可修改。未设置过的项显示的是门店默认内容。"
        style={{ marginBottom: 24 }}
      />
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
          保存锁屏提示
        </Button>
      </Form.Item>
    </Form>
  );
}
