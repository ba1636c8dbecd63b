import { type ApiKeyInfo, OFFLINE_DURATIONS, callbackUrl, ipWhiteList, offlineHoursText } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { apiKeyKeys, updateApiSettings } from '../../../api/apiKey.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFormError } from '../../../forms/formRules.ts';

interface Values {
  callback_url: string;
  ip_white_list: string;
  offline_hours: number | 'none';
}

const offlineOptions = [
  { value: 'none' as const, label: '不通知' },
  ...OFFLINE_DURATIONS.map((h) => ({ value: h, label: `离线超过 ${offlineHoursText(h)} 小时` })),
];

/** CallbackForm sets where webhooks go, which addresses may call the open API, and when a device counts as offline. */
export function CallbackForm({ info }: { info: ApiKeyInfo }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: Values) =>
      updateApiSettings({
        callback_url: (v.callback_url ?? '').trim(),
        ip_white_list: v.ip_white_list ?? '',
        offline_hours: v.offline_hours === 'none' ? null : v.offline_hours,
      }),
    onSuccess: async () => {
      feedback.message.success('回调与访问限制已保存');
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.info });
    },
    onError: (err) => showFormError(form, err),
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ callback_url: info.callback_url, ip_white_list: info.ip_white_list, offline_hours: info.offline_hours ?? 'none' }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item
        name="callback_url"
        label="回调地址"
        rules={[schemaRule(callbackUrl)]}
        extra="设备接入、锁定、解锁、定位、SIM 卡变更、离线、脱离管理时，向此地址 POST 签名的 JSON 通知。留空则不发送。不能是本机或内网地址。"
      >
        <Input placeholder="https://erp.example.com/lease/webhook" maxLength={1000} />
      </Form.Item>
      <Form.Item
        name="ip_white_list"
        label="IP 白名单"
        rules={[schemaRule(ipWhiteList)]}
        extra={
          <>
            允许调用开放接口的服务器 IP，多个用英文逗号分隔，支持 IPv4 和 IPv6。留空表示不限制来源 IP（仍需签名），建议填写。
            <Typography.Text type="secondary"> 本次访问控制台的 IP：{info.your_ip}</Typography.Text>
          </>
        }
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} placeholder="如：203.0.113.10,2001:db8::10" maxLength={2000} />
      </Form.Item>
      <Form.Item name="offline_hours" label="离线通知" extra="设备超过所选时长没有联系服务器时，发送一次 device.offline 回调；设备重新上线后再次离线会再通知。">
        <Select options={offlineOptions} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存设置
        </Button>
      </Form.Item>
    </Form>
  );
}
