import { ENTERPRISE_TRUST_MINUTES } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, InputNumber, Modal, Segmented } from 'antd';
import { restrictionStateQuery } from '../../../../api/iosRestriction.ts';
import { formatDateTime } from '../../../../lib/time.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';

const { min, max } = ENTERPRISE_TRUST_MINUTES;
const PRESETS = [15, 30, 60, 120];
const minutesMessage = `时长应为 ${min}-${max} 分钟的整数`;

/**
 * EnterpriseTrustDialog lifts 禁止信任企业级应用 for a few minutes (e.g. to install the store's own enterprise app);
 * the server puts the restriction back when the time is up. It says plainly that trust given meanwhile stays.
 */
export function EnterpriseTrustDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const [form] = Form.useForm<{ minutes: number }>();
  const minutes = Form.useWatch('minutes', form) ?? ENTERPRISE_TRUST_MINUTES.default;
  const state = useQuery(restrictionStateQuery(device.id));
  const until = state.data?.requested.enterprise_app_trust_until;
  const open = until && new Date(until).getTime() > Date.now();
  const send = useDeviceCommand('temporary-allow-enterprise-app-trust', {
    queuedText: '指令已下发，设备上线后临时放开，到时自动恢复',
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });

  return (
    <Modal
      open
      title={`临时信任企业应用 · ${deviceTitle(device)}`}
      okText="临时放开"
      cancelText="取消"
      okButtonProps={{ loading: send.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`接下来 ${minutes || '—'} 分钟内，租机人可以在「设置 › 通用 › VPN 与设备管理」中信任企业级应用的开发者；时间到后，服务器自动恢复「禁止信任企业级应用」。`}
      />
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="按 Apple 的规定，恢复限制不会撤销这段时间内已经给出的信任，只是之后无法再信任新的开发者。"
      />
      {open && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`当前已临时放开，至 ${formatDateTime(until)}；再次下发将按新的时长重新计时。`} />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ minutes: ENTERPRISE_TRUST_MINUTES.default }}
        onFinish={(v) => send.mutate({ device_id: device.id, minutes: v.minutes })}
      >
        <Form.Item label="放开时长" required>
          <Segmented<number>
            options={PRESETS.map((m) => ({ value: m, label: `${m} 分钟` }))}
            value={PRESETS.includes(minutes) ? minutes : undefined}
            onChange={(m) => form.setFieldsValue({ minutes: m })}
          />
          <Form.Item
            name="minutes"
            noStyle
            rules={[
              { required: true, message: minutesMessage },
              { type: 'integer', min, max, message: minutesMessage },
            ]}
          >
            <InputNumber min={min} max={max} precision={0} suffix="分钟" aria-label="放开时长（分钟）" style={{ width: 160, marginLeft: 12 }} />
          </Form.Item>
        </Form.Item>
      </Form>
    </Modal>
  );
}
