import { hxReportSecretKeyRequest, type HxReportSecretKeyRequest } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Form, Input, Skeleton, Tag } from 'antd';
import { hxReportStatusQuery, reportKeys, setHxReportSecret } from '../../../api/report.ts';
import { feedback } from '../../../app/feedback.ts';
import { required, schemaRule, showFormError } from '../../../forms/formRules.ts';
import { formatDateTime } from '../../../lib/time.ts';

/**
 * HxReportTab sets the store's own key for its credit-report vendor. The key is stored sealed and never comes
 * back: the tab only says whether one is set, and a new one replaces it.
 */
export function HxReportTab() {
  const status = useQuery(hxReportStatusQuery);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HxReportSecretKeyRequest>();
  const save = useMutation({
    mutationFn: setHxReportSecret,
    onSuccess: async () => {
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: reportKeys.hxStatus });
      feedback.message.success('报告密钥已保存');
    },
    onError: (err) => showFormError(form, err),
  });

  if (!status.data) return <Skeleton active />;
  const s = status.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Descriptions
        column={1}
        items={[
          { key: 'state', label: '报告密钥', children: s.configured ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag> },
          ...(s.date_updated ? [{ key: 'updated', label: '最近设置', children: formatDateTime(s.date_updated) }] : []),
          {
            key: 'provider',
            label: '报告数据源',
            children: s.provider === 'sandbox' ? <Tag color="purple">离线沙箱（沙箱数据）</Tag> : <Tag color="blue">已接入数据服务商</Tag>,
          },
        ]}
      />
      <Alert
        type="info"
        showIcon
        title="密钥只能设置，不能查看"
        description="这是门店在报告数据服务商处开通的密钥。保存后加密存储，任何人（包括管理员）都无法再次查看；如需更换，直接输入新密钥保存即可。"
      />
      <Form<HxReportSecretKeyRequest> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} style={{ maxWidth: 420 }}>
        <Form.Item
          name="secret_key"
          label={s.configured ? '新的报告密钥' : '报告密钥'}
          rules={[required('请输入密钥'), schemaRule(hxReportSecretKeyRequest.shape.secret_key)]}
        >
          <Input.Password autoComplete="new-password" placeholder="粘贴服务商提供的密钥" maxLength={256} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {s.configured ? '更换密钥' : '保存密钥'}
        </Button>
      </Form>
    </Flex>
  );
}
