import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Flex, Form, Input, Modal, Select } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { clerkOptionsQuery, iosKeys, registerDevices, type RegisteredDevice, type RejectedSerial } from '../../../../api/iosDevice.ts';
import { feedback } from '../../../../app/feedback.ts';
import { EnrollLink } from '../components/EnrollLink.tsx';
import { HttpsNotice } from '../components/HttpsNotice.tsx';
import { parseSerials } from './serials.ts';

interface RegisterValues {
  serials: string;
  for_clerk?: string;
  remark?: string;
}

const serialsRule = {
  validator: async (_r: unknown, v: unknown) => {
    const { serials, invalid } = parseSerials(String(v ?? ''));
    if (!serials.length && invalid.length)
      throw new Error(`序列号格式有误（应为 10-14 位字母或数字）：${invalid.slice(0, 5).join('、')}${invalid.length > 5 ? ' 等' : ''}`);
    if (!serials.length) throw new Error('请输入至少一个序列号');
    if (serials.length > 200) throw new Error('一次最多登记 200 台');
  },
};

// Mistyped serials do not hold the others back: they are named here and left out of the batch.
const mistypedRule = {
  warningOnly: true,
  validator: async (_r: unknown, v: unknown) => {
    const { serials, invalid } = parseSerials(String(v ?? ''));
    if (serials.length && invalid.length)
      throw new Error(`${invalid.length} 个格式有误，不会登记：${invalid.slice(0, 5).join('、')}${invalid.length > 5 ? ' 等' : ''}`);
  },
};

/** RejectedList names the serials a batch left out, each with its reason, above the ones registered. */
function RejectedList({ rejected }: { rejected: RejectedSerial[] }) {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={`${rejected.length} 个序列号未登记`}
      description={
        <ul data-testid="rejected-serials" style={{ margin: 0, paddingInlineStart: 18 }}>
          {rejected.map((r) => (
            <li key={r.serial_number} style={{ wordBreak: 'break-all' }}>
              <Typography.Text code>{r.serial_number}</Typography.Text> {r.reason}
            </li>
          ))}
        </ul>
      }
    />
  );
}

interface RegisterDialogProps {
  onClose: () => void;
  /** Clerks who see the whole store may register phones for another clerk (Aa3). */
  chooseClerk: boolean;
}

/**
 * RegisterDialog registers phones by serial number (Aa2) and then shows each phone's enrolment link and
 * QR code, which the hirer opens on that phone to install the management profile.
 */
export function RegisterDialog({ onClose, chooseClerk }: RegisterDialogProps) {
  const [form] = Form.useForm<RegisterValues>();
  const text = Form.useWatch('serials', form) ?? '';
  const count = parseSerials(text).serials.length;
  const [result, setResult] = useState<{ list: RegisteredDevice[]; rejected: RejectedSerial[] } | null>(null);
  const queryClient = useQueryClient();
  const clerks = useQuery({ ...clerkOptionsQuery, enabled: chooseClerk });
  const register = useMutation({
    mutationFn: (v: RegisterValues) =>
      registerDevices({ serial_numbers: parseSerials(v.serials).serials, for_clerk: v.for_clerk, remark: v.remark?.trim() || undefined }),
    onSuccess: async ({ list, rejected = [] }, v) => {
      const mistyped = parseSerials(v.serials).invalid.map((serial_number) => ({ serial_number, reason: '格式有误（应为 10-14 位字母或数字）' }));
      setResult({ list, rejected: [...rejected, ...mistyped] });
      feedback.message.success(`已登记 ${list.length} 台设备`);
      await queryClient.invalidateQueries({ queryKey: iosKeys.all });
    },
  });

  if (result) {
    return (
      <Modal
        open
        title="登记成功"
        width={640}
        onCancel={onClose}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        }
      >
        <HttpsNotice />
        <Alert
          type="success"
          showIcon
          title={`已登记 ${result.list.length} 台设备。请把每台设备的登记链接发给租机人，或让租机人用该 iPhone 的相机扫描二维码。`}
          description="链接在 Safari 中打开后，填写姓名手机号并安装描述文件，设备即接入管理。链接之后也可在设备详情中找到。"
          style={{ marginBottom: 16 }}
        />
        {result.rejected.length > 0 && <RejectedList rejected={result.rejected} />}
        <Flex vertical style={{ maxHeight: 420, overflowY: 'auto' }}>
          {result.list.map((d, i) => (
            <div key={d.id}>
              {i > 0 && <Divider style={{ margin: '12px 0' }} />}
              <EnrollLink link={d.enroll_link} serial={d.serial_number} deviceId={d.id} size={112} />
            </div>
          ))}
        </Flex>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title="登记设备"
      okText={count > 0 ? `登记 ${count} 台设备` : '登记设备'}
      cancelText="取消"
      okButtonProps={{ loading: register.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<RegisterValues> form={form} layout="vertical" onFinish={(v) => register.mutate(v)}>
        <Form.Item
          name="serials"
          label="序列号"
          extra={
            <Typography.Text type="secondary">
              每行一个，或用逗号、空格分隔；在 iPhone 的“设置 → 通用 → 关于本机”中查看。{count > 0 && `已识别 ${count} 个。`}
            </Typography.Text>
          }
          rules={[serialsRule, mistypedRule]}
        >
          <Input.TextArea rows={6} placeholder={'F2LXK0ABCD12\nDNPXQ1ABCD34'} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        {chooseClerk && (
          <Form.Item name="for_clerk" label="负责店员" extra="不选则由你负责">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择店员"
              options={(clerks.data ?? []).filter((c) => !c.disabled).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注" rules={[{ max: 100, message: '备注最多 100 个字符' }]}>
          <Input placeholder="选填，如订单号" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
