import { CheckCircleFilled, MobileOutlined } from '@ant-design/icons';
import { PHONE_RE } from '@lease/shared/patterns';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Result, Spin, Steps, theme } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { enrollProfileUrl, getEnrollBaseinfo, submitEnroll } from '../../api/enroll.ts';
import { isApiError } from '../../api/index.ts';
import { NETWORK_FAILURE_TEXT } from '../../api/errors.ts';
import { Panel } from '../../components/Panel.tsx';
import { browserHint } from './browserHint.ts';

interface HirerValues {
  hirer_name: string;
  hirer_phone_number?: string;
}

const errorText = (err: unknown) => (isApiError(err) ? err.message || NETWORK_FAILURE_TEXT : NETWORK_FAILURE_TEXT);
const isExpired = (err: unknown) => isApiError(err) && err.message.includes('过期');

const INSTALL_STEPS = [
  '确认本页面是在 Safari 中打开的',
  '点击上方按钮，在弹出的提示中选择“允许”下载',
  '打开“设置”，点击顶部的“已下载描述文件”',
  '点击右上角“安装”，输入锁屏密码并确认',
];

/**
 * EnrollPage is the hirer's page behind the store's encrypted link: confirm name and phone, then install
 * the management profile in Safari. It is public; failures show a dialog with 好的 (spec §8), not a toast.
 * Links expire, and once the phone enrols or the store has set the hirer the link only shows where things stand.
 */
export default function EnrollPage() {
  const { snEncrypt: code = '' } = useParams();
  const [modal, holder] = Modal.useModal();
  const [form] = Form.useForm<HirerValues>();
  const [submitted, setSubmitted] = useState(false);
  const { token } = theme.useToken();
  const info = useQuery({ queryKey: ['enroll', code], queryFn: () => getEnrollBaseinfo(code), retry: false, staleTime: Infinity });
  const submit = useMutation({
    mutationFn: (v: HirerValues) => submitEnroll({ code, hirer_name: v.hirer_name.trim(), hirer_phone_number: v.hirer_phone_number?.trim() ?? '' }),
    onSuccess: () => setSubmitted(true),
    onError: (err) => {
      void modal.info({ title: '提交未成功', content: errorText(err), okText: '好的' });
      // A refusal means the phone moved on (enrolled, or the store set the hirer): show where it stands now.
      if (isApiError(err) && err.status === 409) void info.refetch();
    },
  });

  useEffect(() => {
    if (info.isError) void modal.info({ title: '无法打开登记页面', content: errorText(info.error), okText: '好的' });
  }, [info.isError, info.error, modal]);

  const hint = browserHint(navigator.userAgent);
  const readyToInstall = submitted || Boolean(info.data?.hirer_on_file);
  const storeFilled = Boolean(info.data && !info.data.enrolled && !info.data.can_submit && info.data.hirer_on_file);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 440, margin: '0 auto' }}>
      {holder}
      <Flex vertical align="center" gap={4}>
        <MobileOutlined style={{ fontSize: 36, color: token.colorPrimary }} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          设备登记
        </Typography.Title>
        {info.data && <Typography.Text type="secondary">{info.data.store_name}</Typography.Text>}
      </Flex>
      {info.isPending && <Spin style={{ padding: 48 }} />}
      {info.isError && <Result status="warning" title={isExpired(info.error) ? '登记链接已过期' : '链接无法使用'} subTitle="请联系门店重新获取登记链接。" />}
      {info.data && (
        <>
          {hint && !info.data.enrolled && <Alert type="warning" showIcon title={hint} />}
          <Panel>
            <Flex vertical gap={16}>
              <Typography.Text>
                设备序列号：<Typography.Text strong>{info.data.serial_number}</Typography.Text>
              </Typography.Text>
              <Steps
                size="small"
                responsive={false}
                titlePlacement="vertical"
                current={info.data.enrolled ? 2 : readyToInstall ? 1 : 0}
                items={[{ title: '填写信息' }, { title: '安装描述文件' }, { title: '完成' }]}
              />
              {info.data.enrolled && <Alert type="success" showIcon icon={<CheckCircleFilled />} title="这台设备已接入管理，无需再安装描述文件。" />}
              {storeFilled && <Alert type="info" showIcon title="门店已为这台设备填写了租机人信息，如需修改请联系门店。" />}
              {info.data.can_submit && (
                <Form<HirerValues> form={form} layout="vertical" onFinish={(v) => submit.mutate(v)}>
                  <Form.Item
                    name="hirer_name"
                    label="姓名"
                    rules={[
                      { required: true, whitespace: true, message: '请输入姓名' },
                      { max: 20, message: '姓名最多 20 个字符' },
                    ]}
                  >
                    <Input size="large" maxLength={20} placeholder="租机人姓名" autoComplete="name" />
                  </Form.Item>
                  <Form.Item name="hirer_phone_number" label="手机号" rules={[{ pattern: PHONE_RE, message: '请输入正确的手机号' }]}>
                    <Input size="large" maxLength={11} inputMode="numeric" placeholder="选填" autoComplete="tel" />
                  </Form.Item>
                  {/* A gap above the button: a field's error text never touches it (UX review D20). */}
                  <Button
                    type={readyToInstall ? 'default' : 'primary'}
                    htmlType="submit"
                    size="large"
                    block
                    loading={submit.isPending}
                    style={{ marginTop: 8 }}
                  >
                    {submitted || info.data.hirer_on_file ? '已登记，可重新提交' : '提交信息'}
                  </Button>
                </Form>
              )}
            </Flex>
          </Panel>
          {!info.data.enrolled && readyToInstall && (
            <Panel title="安装设备管理描述文件">
              <Flex vertical gap={12}>
                <Button type="primary" size="large" block href={enrollProfileUrl(code)}>
                  安装设备管理描述文件
                </Button>
                <ol style={{ margin: 0, paddingInlineStart: 20, color: token.colorTextSecondary, lineHeight: 1.9 }}>
                  {INSTALL_STEPS.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ol>
              </Flex>
            </Panel>
          )}
        </>
      )}
    </Flex>
  );
}
