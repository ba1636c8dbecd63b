import { OS_DEFERRAL_MAX_DAYS, OS_DEFERRAL_MIN_DAYS, type IosOsUpdateInfo } from '@lease/shared';
import { Flex, Form, InputNumber, Radio } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { iosKeys } from '../../../../api/iosDevice.ts';
import { setDeviceUpdatePolicy } from '../../../../api/iosOsUpdate.ts';
import { ActionButton } from '../components/ActionButton.tsx';
import type { ActionCheck } from '../detail/deviceActions.ts';
import { useCommandMutation } from '../commands/useDeviceCommand.ts';
import { type DeferralMode, deferralModeOf, deferralRequest } from './osUpdateView.ts';

interface Values {
  mode: DeferralMode;
  days?: number | null;
}

/**
 * OsUpdateDeferral is the phone's own hold-back of new iOS releases (softwareupdate.settings, iOS 18+ supervised):
 * follow the store's setting, none, or its own 1-90 days. It narrows to one column on a phone-sized screen.
 */
export function OsUpdateDeferral({ deviceId, deferral, check }: { deviceId: string; deferral: IosOsUpdateInfo['deferral']; check: ActionCheck }) {
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? deferralModeOf(deferral);
  const save = useCommandMutation((body: ReturnType<typeof deferralRequest>, key: string) => setDeviceUpdatePolicy({ device_id: deviceId, ...body }, key), {
    root: iosKeys.all,
    keyPerSend: true,
    doneText: '延迟更新设置已保存',
    queuedText: '延迟更新设置已保存，设备同步后生效',
  });
  const storeText = deferral.store_days === null ? '门店未设置延迟' : `门店设置：延迟 ${deferral.store_days} 天`;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ mode: deferralModeOf(deferral), days: deferral.device_days ?? 30 }}
      onFinish={(v) => save.mutate(deferralRequest(v.mode, v.days))}
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="mode" label="此设备的延迟更新" extra={`新版本发布后推迟若干天才提供给设备，仅对 iOS 18 及以上的监管设备生效。${storeText}`}>
        <Radio.Group
          options={[
            { value: 'store', label: '跟随门店' },
            { value: 'off', label: '不延迟' },
            { value: 'days', label: '单独设置' },
          ]}
        />
      </Form.Item>
      <Flex gap={8} wrap align="start">
        {mode === 'days' && (
          <Form.Item
            name="days"
            rules={[
              { required: true, message: '请填写延迟天数' },
              { type: 'integer', min: OS_DEFERRAL_MIN_DAYS, max: OS_DEFERRAL_MAX_DAYS, message: '延迟天数须为 1 到 90 之间的整数' },
            ]}
          >
            <InputNumber min={OS_DEFERRAL_MIN_DAYS} max={OS_DEFERRAL_MAX_DAYS} precision={0} addonAfter="天" aria-label="延迟天数" style={{ width: 140 }} />
          </Form.Item>
        )}
        <ActionButton check={check} htmlType="submit" loading={save.isPending}>
          保存延迟设置
        </ActionButton>
      </Flex>
      {!deferral.applies && deferral.effective_days !== null && <Typography.Text type="secondary">{deferral.note}</Typography.Text>}
    </Form>
  );
}
