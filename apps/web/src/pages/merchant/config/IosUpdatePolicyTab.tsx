import { OS_DEFERRAL_MAX_DAYS, OS_DEFERRAL_MIN_DAYS } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Radio, Skeleton } from 'antd';
import { iosKeys } from '../../../api/iosDevice.ts';
import { setStoreUpdatePolicy, storeUpdatePolicyKey, storeUpdatePolicyQuery } from '../../../api/iosOsUpdate.ts';
import { feedback } from '../../../app/feedback.ts';
import { showFormError } from '../../../forms/formRules.ts';

interface Values {
  on: boolean;
  deferral_days?: number | null;
}

/**
 * IosUpdatePolicyTab is the store's hold-back of new iOS releases: Apple offers a new version to the store's
 * supervised iOS 18+ phones only N days (1-90) after its release, so the store can check it first. A phone may
 * set its own in its 系统更新 tab.
 */
export function IosUpdatePolicyTab() {
  const policy = useQuery(storeUpdatePolicyQuery);
  const [form] = Form.useForm<Values>();
  const on = Form.useWatch('on', form);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: Values) => setStoreUpdatePolicy({ deferral_days: v.on ? (v.deferral_days ?? null) : null }),
    onSuccess: async (saved) => {
      feedback.message.success(saved.deferral_days ? `已保存：新版本发布 ${saved.deferral_days} 天后才提供给设备` : '已保存：不延迟系统更新');
      queryClient.setQueryData(storeUpdatePolicyKey, saved);
      await queryClient.invalidateQueries({ queryKey: iosKeys.all });
    },
    onError: (err) => showFormError(form, err),
  });

  if (!policy.data) return <Skeleton active />;
  const days = policy.data.deferral_days;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ on: days !== null, deferral_days: days ?? 30 }}
      onFinish={(v) => save.mutate(v)}
      style={{ maxWidth: 560 }}
    >
      <Alert
        type="info"
        showIcon
        title="延迟系统更新：Apple 发布新的 iOS 版本后，门店设备推迟若干天才会看到并安装，门店可先确认新版本无问题。仅对 iOS 18 及以上的监管设备生效；单台设备可在“系统更新”页单独设置。"
        style={{ marginBottom: 24 }}
      />
      <Form.Item name="on" label="延迟系统更新">
        <Radio.Group
          options={[
            { value: false, label: '不延迟' },
            { value: true, label: '延迟' },
          ]}
        />
      </Form.Item>
      {on && (
        <Form.Item
          name="deferral_days"
          label="延迟天数"
          rules={[
            { required: true, message: '请填写延迟天数' },
            { type: 'integer', min: OS_DEFERRAL_MIN_DAYS, max: OS_DEFERRAL_MAX_DAYS, message: '延迟天数须为 1 到 90 之间的整数' },
          ]}
        >
          <InputNumber min={OS_DEFERRAL_MIN_DAYS} max={OS_DEFERRAL_MAX_DAYS} precision={0} addonAfter="天" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
