import { isHttpsUrl } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { globalHttpProxyQuery, updateGlobalHttpProxy } from '../../../../api/iosNetwork.ts';
import { feedback } from '../../../../app/feedback.ts';
import { showFormError } from '../../../../forms/formRules.ts';

interface Values {
  pac_url?: string;
}

/**
 * GlobalProxyConfigTab is 门店设置 › 全局代理: the PAC file address that 设置全局代理 installs on a phone.
 * A phone keeps the address it was given; a new address reaches it when its proxy is set again.
 */
export function GlobalProxyConfigTab() {
  const setting = useQuery(globalHttpProxyQuery);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (pacUrl: string | null) => updateGlobalHttpProxy(pacUrl),
    onSuccess: (saved) => {
      feedback.message.success(saved.pac_url ? 'PAC 地址已保存' : 'PAC 地址已清除');
      queryClient.setQueryData(globalHttpProxyQuery.queryKey, saved);
      form.setFieldsValue({ pac_url: saved.pac_url ?? '' });
    },
    onError: (err) => showFormError(form, err),
  });

  if (!setting.data) return <Skeleton active />;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ pac_url: setting.data.pac_url ?? '' }}
      onFinish={(v) => save.mutate(v.pac_url?.trim() || null)}
      style={{ maxWidth: 560 }}
    >
      <Alert
        type="info"
        showIcon
        title="店员在设备详情中“设置全局代理”时，设备会按这里的自动代理配置（PAC）文件转发网络请求。仅支持已监管的设备。"
        description="修改地址后，已设置代理的设备仍使用原地址，需要对设备重新设置代理才会更新。"
        style={{ marginBottom: 24 }}
      />
      <Form.Item
        name="pac_url"
        label="PAC 地址"
        rules={[
          {
            validator: async (_r, value: string | undefined) => {
              if (value?.trim() && !isHttpsUrl(value.trim())) throw new Error('PAC 地址须为 https:// 开头的完整网址');
            },
          },
        ]}
      >
        <Input placeholder="如 https://proxy.example.com/proxy.pac" maxLength={500} allowClear />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存 PAC 地址
        </Button>
      </Form.Item>
    </Form>
  );
}
