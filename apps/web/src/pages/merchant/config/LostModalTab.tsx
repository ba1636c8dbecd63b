import { contactPhone, type LostModalContent } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { lostModalContentQuery } from '../../../api/iosDevice.ts';
import { storeKeys, storeLostModalQuery, updateStoreLostModal } from '../../../api/store.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFormError } from '../../../forms/formRules.ts';

/** LostModalTab is the store's default lock-screen text: what a clerk's own empty fields fall back to. */
export function LostModalTab() {
  const content = useQuery(storeLostModalQuery);
  const [form] = Form.useForm<LostModalContent>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: LostModalContent) => updateStoreLostModal({ message: v.message ?? '', phone_number: v.phone_number ?? '', footnote: v.footnote ?? '' }),
    onSuccess: async (saved) => {
      feedback.message.success('锁屏提示默认内容已保存');
      queryClient.setQueryData(storeKeys.lostModal, saved);
      await queryClient.invalidateQueries({ queryKey: lostModalContentQuery.queryKey });
    },
    onError: (err) => showFormError(form, err),
  });

  if (!content.data) return <Skeleton active />;
  return (
    <Form<LostModalContent> form={form} layout="vertical" initialValues={content.data} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 560 }}>
      <Alert
        type="info"
        showIcon
        title="店员锁定设备时，锁屏提示默认带出以下内容。店员自己设置过的内容优先，未填写的项使用这里的门店默认。"
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
          保存默认内容
        </Button>
      </Form.Item>
    </Form>
  );
}
