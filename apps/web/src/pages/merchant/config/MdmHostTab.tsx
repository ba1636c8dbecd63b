import { type StoreMdmHost, storeMdmHostRequest } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Skeleton, Switch, Upload } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { storeMdmHostQuery, updateStoreMdmHost } from '../../../api/storeMdmHost.ts';
import { DEFAULT_SITE_TITLE } from '../../../app/siteConfig.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFormError } from '../../../forms/formRules.ts';
import { type MdmHostValues, logoProblem, readDataUri, toMdmHostRequest, toMdmHostValues } from './mdmHostForm.ts';

const { shape } = storeMdmHostRequest;

/** MdmHostTab is the store's own enrolment domain (white label): host, profile prefix, MDM API key, and that host's title and logo. */
export function MdmHostTab() {
  const settings = useQuery(storeMdmHostQuery);
  if (!settings.data) return <Skeleton active />;
  return <MdmHostForm key={settings.data.mdm_host + settings.data.payload_prefix} settings={settings.data} />;
}

function MdmHostForm({ settings }: { settings: StoreMdmHost }) {
  const [form] = Form.useForm<MdmHostValues>();
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState<{ value: string | null; changed: boolean }>({ value: settings.logo, changed: false });
  const [logoError, setLogoError] = useState<string | null>(null);
  const locked = settings.enrolled_apple_devices > 0;

  const save = useMutation({
    mutationFn: (v: MdmHostValues) => updateStoreMdmHost(toMdmHostRequest(v, logo)),
    onSuccess: (saved) => {
      feedback.message.success('专属域名设置已保存');
      queryClient.setQueryData(storeMdmHostQuery.queryKey, saved);
      setLogo({ value: saved.logo, changed: false });
      form.setFieldsValue({ mdm_api_key: '', clear_api_key: false });
    },
    onError: (err) => showFormError(form, err),
  });

  const pick = async (file: File) => {
    const problem = logoProblem(file);
    setLogoError(problem);
    if (!problem) setLogo({ value: await readDataUri(file), changed: true });
  };

  return (
    <Form<MdmHostValues> form={form} layout="vertical" initialValues={toMdmHostValues(settings)} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 640 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        title="设置后，本门店的设备登记链接、Android 接入二维码、Apple 描述文件和 Apple 商务管理（自动设备注册）都使用这个域名，在此域名打开的控制台显示下方的站点标题和 Logo。请先把域名解析到本平台并配置 HTTPS 证书。已接入的 Android 设备继续使用接入时的域名，更换域名后请保留旧域名的解析。"
      />
      {locked && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          title={`门店有 ${settings.enrolled_apple_devices} 台 Apple 设备正按当前域名和描述文件标识受管理，域名和标识前缀暂不能修改（修改后这些设备无法续期设备证书）。`}
        />
      )}
      <Form.Item
        name="mdm_host"
        label="MDM 域名"
        rules={[schemaRule(shape.mdm_host)]}
        extra={`当前登记地址：${settings.mdm_host_url}。留空则使用平台默认域名。`}
      >
        <Input placeholder="如 mdm.example.com，不含 https:// 和路径" maxLength={253} disabled={locked} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item
        name="payload_prefix"
        label="描述文件标识前缀"
        rules={[schemaRule(shape.payload_prefix)]}
        extra={`描述文件标识：${settings.payload_identifier}`}
      >
        <Input placeholder="如 com.example.mdm，留空使用平台默认" maxLength={100} disabled={locked} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label="MDM API Key" extra={settings.mdm_api_key_set ? '已设置（不显示）；留空保持不变' : '未设置'}>
        <Flex gap={12} align="center" wrap>
          <Form.Item name="mdm_api_key" noStyle rules={[schemaRule(shape.mdm_api_key.unwrap())]}>
            <Input.Password
              placeholder={settings.mdm_api_key_set ? '输入新的 API Key 以替换' : '输入 API Key'}
              maxLength={200}
              autoComplete="new-password"
              style={{ maxWidth: 360 }}
            />
          </Form.Item>
          {settings.mdm_api_key_set && (
            <Form.Item name="clear_api_key" valuePropName="checked" noStyle>
              <Checkbox>清除已保存的 API Key</Checkbox>
            </Form.Item>
          )}
        </Flex>
      </Form.Item>
      <Form.Item
        name="site_title"
        label="站点标题"
        rules={[schemaRule(shape.site_title)]}
        extra="在此域名打开控制台时浏览器标签和登录页显示的标题；留空使用默认标题。"
      >
        <Input placeholder={DEFAULT_SITE_TITLE} maxLength={30} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label="Logo" extra="PNG 或 JPEG，不超过 64 KB，建议 128×128 的正方形图片；用作登录页 Logo 和浏览器标签图标。">
        <Flex gap={12} align="center" wrap>
          {logo.value ? (
            <img src={logo.value} alt="门店 Logo" width={56} height={56} style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 8 }} />
          ) : (
            <Typography.Text type="secondary">未设置，使用默认 Logo</Typography.Text>
          )}
          <Upload
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button>{logo.value ? '更换 Logo' : '选择图片'}</Button>
          </Upload>
          {logo.value && (
            <Button type="link" danger onClick={() => setLogo({ value: null, changed: true })}>
              移除
            </Button>
          )}
        </Flex>
        {logoError && <Alert type="error" showIcon title={logoError} style={{ marginTop: 8 }} />}
      </Form.Item>
      <Form.Item name="hide_login_page_logo" label="登录页不显示 Logo" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存设置
        </Button>
      </Form.Item>
    </Form>
  );
}
