import { DEFAULT_LEASE_POLICY, isTimeZone, leasePolicyFields, type LeasePolicy } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Skeleton, Switch } from 'antd';
import { leaseKeys, leasePolicyQuery, saveLeasePolicy } from '../../../api/lease.ts';
import { feedback } from '../../../app/feedback.ts';
import { schemaRule, showFormError } from '../../../forms/formRules.ts';
import { AUTO_RELEASE_HINT, HOUR_OPTIONS, RELEASE_OPTIONS, REMIND_DAY_OPTIONS } from '../../lease/plan/policyOptions.ts';

/**
 * LeasePolicyTab is the store's collection policy for lease plans: when hirers are reminded, how long the grace
 * lasts before an arrears lock, and what happens on payment and pay-off. A plan may set its own in its dialog.
 */
export function LeasePolicyTab() {
  const policy = useQuery(leasePolicyQuery);
  const [form] = Form.useForm<LeasePolicy>();
  const lock = Form.useWatch('lock_on_overdue', form);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveLeasePolicy,
    onSuccess: async (saved) => {
      feedback.message.success('分期策略已保存，新的提醒和锁定按此执行');
      queryClient.setQueryData(leaseKeys.policy, saved);
      await queryClient.invalidateQueries({ queryKey: leaseKeys.all });
    },
    onError: (err) => showFormError(form, err),
  });

  if (!policy.data) return <Skeleton active />;
  return (
    <Form<LeasePolicy>
      form={form}
      layout="vertical"
      initialValues={{ ...DEFAULT_LEASE_POLICY, ...policy.data }}
      onFinish={(v) => save.mutate({ ...v, contact_phone: v.contact_phone?.trim() ?? '', time_zone: v.time_zone.trim() })}
      style={{ maxWidth: 560 }}
    >
      <Alert
        type="info"
        showIcon
        title="分期策略对门店所有分期计划生效；单个计划可在设备的“分期计划”页单独设置。提醒和锁定每天在执行时间统一进行。"
        style={{ marginBottom: 24 }}
      />
      <Form.Item
        name="remind_days"
        label="还款提醒日"
        extra="还款日前几天提醒租机人，最多 5 个；“当天”为还款日当天"
        rules={[{ type: 'array', max: 5, message: '最多设置 5 个提醒日' }]}
      >
        <Select mode="multiple" allowClear options={REMIND_DAY_OPTIONS} maxCount={5} placeholder="不提醒" />
      </Form.Item>
      <Form.Item name="sms_reminder" label="短信提醒" valuePropName="checked">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item name="android_notice" label="Android 设备通知" valuePropName="checked" extra="在 Android 设备上弹出还款提醒">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item name="lock_on_overdue" label="逾期自动锁定" valuePropName="checked">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item
        name="grace_days"
        label="宽限天数"
        extra={lock ? '逾期超过宽限天数仍未还款，设备自动锁定' : '逾期超过宽限天数后标记为欠费（不自动锁定）'}
        rules={[
          { required: true, message: '请填写宽限天数' },
          { type: 'integer', min: 0, max: 60, message: '宽限天数须为 0 到 60 之间的整数' },
        ]}
      >
        <InputNumber min={0} max={60} precision={0} suffix="天" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="unlock_on_payment" label="还款后自动解锁" valuePropName="checked" extra="还清欠款后，因欠费锁定的设备自动解锁">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item name="release_on_payoff" label="全部结清后" extra={AUTO_RELEASE_HINT}>
        <Radio.Group options={RELEASE_OPTIONS} />
      </Form.Item>
      <Form.Item name="action_hour" label="执行时间" extra="每天在此时间发送提醒、执行欠费锁定（按门店时区）">
        <Select options={HOUR_OPTIONS} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="contact_phone"
        label="联系电话"
        extra="显示在锁屏和提醒中；不填则使用锁屏提示的联系电话"
        rules={[schemaRule(leasePolicyFields.shape.contact_phone)]}
      >
        <Input maxLength={20} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item
        name="time_zone"
        label="门店时区"
        rules={[
          { required: true, whitespace: true, message: '请填写时区' },
          {
            validator: async (_r, v: string | undefined) => {
              if (v && !isTimeZone(v.trim())) throw new Error('时区有误，如 Asia/Shanghai');
            },
          },
        ]}
      >
        <Input placeholder="Asia/Shanghai" style={{ width: 240 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
