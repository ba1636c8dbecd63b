import { formatFen, LEASE_PERIODS, leasePeriodLabel, leasePolicyFields, type LeasePlanCreateRequest, type LeasePlanDetail } from '@lease/shared';
import { Collapse, DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { createPlan, previewPlan, type LeasePlatform, updatePlan } from '../../../api/lease.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { schemaRule, showFormError } from '../../../forms/formRules.ts';
import { MoneyField } from './MoneyField.tsx';
import { newPlanValues, planBody, planValues, willLockText, type PlanFormValues } from './planForm.ts';
import { AUTO_RELEASE_HINT, RELEASE_OPTIONS, REMIND_DAY_OPTIONS } from './policyOptions.ts';
import { usePlanChange } from './usePlanChange.ts';

const PERIOD_OPTIONS = LEASE_PERIODS.map((p) => ({ value: p, label: leasePeriodLabel[p] }));
const SWITCH_OPTIONS = [
  { value: true, label: '开启' },
  { value: false, label: '关闭' },
];
const FOLLOW = '跟随门店设置';

export type PlanFormTarget = { kind: 'create'; platform: LeasePlatform; device_id: string } | { kind: 'edit'; plan: LeasePlanDetail };

/** scheduleOf is a plan request without its phone: an update changes only the schedule and the amounts. */
const scheduleOf = ({ device_id: _device, platform: _platform, ...schedule }: LeasePlanCreateRequest) => schedule;

/** askLock asks the clerk to confirm a plan that would lock the phone as soon as it is created. */
const askLock = (days: number, owed: number) =>
  new Promise<boolean>((resolve) =>
    Modal.confirm({
      title: '创建后设备将被锁定',
      content: willLockText(days, formatFen(owed)),
      okText: '确定创建',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );

/**
 * PlanFormDialog creates a phone's plan or changes one (schedule and amounts; the ledger stays). A new plan is
 * previewed first: if the hirer is already behind by more than the grace days, the clerk confirms the lock.
 */
export function PlanFormDialog({ target, onClose }: { target: PlanFormTarget; onClose: () => void }) {
  const [form] = Form.useForm<PlanFormValues>();
  const period = Form.useWatch('period', form);
  const [checking, setChecking] = useState(false);
  const ref = target.kind === 'create' ? target : target.plan;
  const save = usePlanChange(
    ref,
    (body: LeasePlanCreateRequest) => (target.kind === 'create' ? createPlan(body) : updatePlan(target.plan.id, scheduleOf(body))),
    {
      done: target.kind === 'create' ? '分期计划已创建' : '分期计划已修改',
      form,
      onDone: onClose,
    },
  );

  async function submit(v: PlanFormValues) {
    const body: LeasePlanCreateRequest = { ...planBody(v), device_id: ref.device_id, platform: ref.platform };
    if (target.kind === 'create') {
      setChecking(true);
      try {
        const preview = await previewPlan(body);
        if (preview.will_lock && !(await askLock(preview.days_overdue, preview.amount_overdue_fen))) return;
      } catch (err) {
        showFormError(form, err);
        return;
      } finally {
        setChecking(false);
      }
    }
    save.mutate(body);
  }

  return (
    <FormDialog<PlanFormValues>
      title={target.kind === 'create' ? '创建分期计划' : '修改分期计划'}
      okText={target.kind === 'create' ? '创建' : '保存'}
      width={560}
      form={form}
      initialValues={target.kind === 'create' ? newPlanValues() : planValues(target.plan)}
      onFinish={(v) => void submit(v)}
      pending={checking || save.isPending}
      onClose={onClose}
      intro={target.kind === 'edit' ? <p style={{ marginTop: 0 }}>修改只影响还款计划和金额，已登记的还款记录保持不变。</p> : undefined}
    >
      <Form.Item name="start_date" label="起租日" rules={[{ required: true, message: '请选择起租日' }]}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="period" label="还款周期" rules={[{ required: true, message: '请选择还款周期' }]}>
        <Radio.Group options={PERIOD_OPTIONS} optionType="button" />
      </Form.Item>
      {period === 'dates' ? (
        <Form.Item
          name="due_dates"
          label="还款日期"
          extra="每个日期为一期，期数按日期个数计算"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择还款日期' }]}
        >
          <DatePicker multiple maxTagCount="responsive" style={{ width: '100%' }} />
        </Form.Item>
      ) : (
        <Form.Item name="periods" label="期数" rules={[{ required: true, message: '请填写期数' }]}>
          <InputNumber min={1} max={120} precision={0} suffix="期" style={{ width: 160 }} />
        </Form.Item>
      )}
      {period === 'monthly' && (
        <Form.Item name="day_of_month" label="每月还款日" extra="小月没有该日时按当月最后一天" rules={[{ required: true, message: '请填写每月还款日' }]}>
          <InputNumber min={1} max={31} precision={0} prefix="每月" suffix="日" style={{ width: 200 }} />
        </Form.Item>
      )}
      <MoneyField name="amount" label="每期金额" positive />
      <MoneyField name="deposit" label="押金" required={false} placeholder="选填" />
      <Form.Item name="grace_days" label="宽限天数" extra="逾期超过宽限天数后自动锁定；不填跟随门店设置">
        <InputNumber min={0} max={60} precision={0} suffix="天" placeholder={FOLLOW} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 字' }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Collapse size="small" items={[{ key: 'override', label: '本计划单独设置（选填，不填跟随门店）', forceRender: true, children: <OverrideFields /> }]} />
    </FormDialog>
  );
}

/** OverrideFields are the store's policy fields this plan may set for itself; empty follows the store. */
function OverrideFields() {
  return (
    <>
      <Form.Item name={['override', 'remind_days']} label="提醒日">
        <Select mode="multiple" allowClear options={REMIND_DAY_OPTIONS} placeholder={FOLLOW} maxCount={5} />
      </Form.Item>
      <Form.Item name={['override', 'sms_reminder']} label="短信提醒">
        <Select allowClear options={SWITCH_OPTIONS} placeholder={FOLLOW} />
      </Form.Item>
      <Form.Item name={['override', 'android_notice']} label="Android 设备通知">
        <Select allowClear options={SWITCH_OPTIONS} placeholder={FOLLOW} />
      </Form.Item>
      <Form.Item name={['override', 'lock_on_overdue']} label="逾期自动锁定">
        <Select allowClear options={SWITCH_OPTIONS} placeholder={FOLLOW} />
      </Form.Item>
      <Form.Item name={['override', 'unlock_on_payment']} label="还款后自动解锁">
        <Select allowClear options={SWITCH_OPTIONS} placeholder={FOLLOW} />
      </Form.Item>
      <Form.Item name={['override', 'release_on_payoff']} label="结清后" extra={AUTO_RELEASE_HINT}>
        <Select allowClear options={RELEASE_OPTIONS} placeholder={FOLLOW} />
      </Form.Item>
      <Form.Item name={['override', 'contact_phone']} label="联系电话" rules={[schemaRule(leasePolicyFields.shape.contact_phone)]}>
        <Input placeholder={FOLLOW} maxLength={20} />
      </Form.Item>
    </>
  );
}
