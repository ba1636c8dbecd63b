import { ReloadOutlined } from '@ant-design/icons';
import { androidChannelLabel } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Modal, QRCode, Select, Steps } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useEffect, useRef, useState } from 'react';
import { androidKeys, androidSearchOptionsQuery, issueEnrollToken, mdmAppDownloadLinkQuery } from '../../../../api/androidDevice.ts';
import { formatDateTime } from '../../../../lib/time.ts';
import { useIsPhone } from '../../../../lib/useIsPhone.ts';

interface EnrollDialogProps {
  onClose: () => void;
  /** Clerks who see the whole store may enrol phones for another clerk (Ea2). */
  chooseClerk: boolean;
}

const CHANNEL_OPTIONS = Object.entries(androidChannelLabel).map(([value, label]) => ({
  value: Number(value),
  label: Number(value) === 0 ? `${label}（通用，扫码接入）` : label,
}));

/**
 * EnrollDialog is 登记设备: a one-time enrolment QR code (POST /enroll-token, Ea1) that a factory-new phone
 * scans on its welcome screen to install the agent and enrol into this store. The code carries Android's
 * device-owner provisioning data; it is drawn here in the browser and never leaves the console.
 */
export default function EnrollDialog({ onClose, chooseClerk }: EnrollDialogProps) {
  const [form] = Form.useForm<{ for_clerk_id?: string; channel: number }>();
  const options = useQuery({ ...androidSearchOptionsQuery, enabled: chooseClerk });
  const app = useQuery(mdmAppDownloadLinkQuery);
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const issue = useMutation({
    mutationFn: () => issueEnrollToken({ for_clerk_id: form.getFieldValue('for_clerk_id') ?? null, channel: form.getFieldValue('channel') }),
  });
  const token = issue.data;
  const expired = token ? Date.parse(token.expires_at) <= now : false;

  // The first code is made once as the dialog opens; the clock lets an expired code say so.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the dialog opens
  useEffect(() => {
    if (!started.current) issue.mutate();
    started.current = true;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const phone = useIsPhone();
  const close = () => {
    void queryClient.invalidateQueries({ queryKey: androidKeys.all });
    onClose();
  };

  return (
    <Modal
      open
      title="登记设备"
      width={760}
      style={{ top: phone ? 16 : 40 }}
      onCancel={close}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={close}>
          完成
        </Button>
      }
    >
      {/* On a phone one column: the QR code, then the choices and the steps under it. */}
      <Flex gap={24} align={phone ? 'stretch' : 'start'} vertical={phone}>
        <Flex vertical align="center" gap={8} style={phone ? undefined : { width: 260, flex: 'none' }}>
          <QRCode
            value={token?.qr_payload ?? '-'}
            size={240}
            errorLevel="L"
            status={issue.isPending ? 'loading' : expired || issue.isError ? 'expired' : 'active'}
            onRefresh={() => issue.mutate()}
            statusRender={(info) =>
              info.status === 'expired' ? (
                <Flex vertical align="center" gap={8}>
                  <Typography.Text>{issue.isError ? '二维码生成失败' : '二维码已过期'}</Typography.Text>
                  <Button size="small" icon={<ReloadOutlined />} onClick={() => issue.mutate()}>
                    重新生成
                  </Button>
                </Flex>
              ) : undefined
            }
          />
          {token && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              有效期至 {formatDateTime(token.expires_at)}，仅可接入一台设备
            </Typography.Text>
          )}
          {token && (
            <Typography.Text copyable={{ text: token.token, tooltips: ['复制接入码', '已复制'] }} style={{ fontSize: 12 }}>
              接入码（厂商渠道手动输入）
            </Typography.Text>
          )}
        </Flex>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Form form={form} layout="vertical" initialValues={{ channel: 0 }} onValuesChange={() => issue.mutate()}>
            {chooseClerk && (
              <Form.Item name="for_clerk_id" label="负责店员" extra="不选则由你负责" style={{ marginBottom: 12 }}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="选择店员"
                  loading={options.isLoading}
                  options={(options.data?.clerks ?? []).filter((c) => !c.disabled).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            )}
            <Form.Item name="channel" label="管理通道" style={{ marginBottom: 12 }}>
              <Select options={CHANNEL_OPTIONS} />
            </Form.Item>
          </Form>
          {app.data && !app.data.available && (
            <Alert
              type="warning"
              showIcon
              title="管理应用暂不可用"
              description="手机扫码后将无法下载管理应用，请先联系平台客服开通 Android 管理应用，再为手机生成二维码。"
            />
          )}
          <Steps
            orientation="vertical"
            size="small"
            items={[
              { title: '恢复出厂设置', content: '新手机直接开机；旧手机先恢复出厂设置，停在开机欢迎界面。' },
              { title: '打开扫码', content: '在欢迎界面的同一位置连续点击 6 次，手机会打开二维码扫描（需 Android 7 及以上）。' },
              { title: '扫描二维码', content: '扫描左侧二维码并连接网络，手机自动下载管理应用，设为设备管理者并接入本门店。' },
              { title: '完成', content: '接入后设备出现在“设备列表”中，带有门店默认限制，可在详情中开启监管；二维码随即失效。' },
            ].map((item) => ({ ...item, status: 'process' as const }))}
          />
        </Flex>
      </Flex>
    </Modal>
  );
}
