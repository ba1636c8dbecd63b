import {
  ORDERABLE_REPORT_LEVELS,
  phoneNumber,
  reportIdCard,
  reportLevelLabel,
  reportMsg,
  type OrderableReportLevel,
  type ReportAddRequest,
  type ReportListItem,
} from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Input, Modal, Select } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { homeKeys } from '../../../api/home.ts';
import { addReport, reportBalanceQuery, reportHelperQuery, reportKeys } from '../../../api/report.ts';
import { feedback } from '../../../app/feedback.ts';
import { required, schemaRule, showFormError } from '../../../forms/formRules.ts';
import { newIdempotencyKey } from '../../../lib/uuid.ts';
import { affordable, priceOf, yuan } from '../reportView.ts';

interface Values {
  name: string;
  id_card: string;
  phone_number: string;
  level: OrderableReportLevel;
  authorised: boolean;
}

interface Props {
  level: OrderableReportLevel;
  onClose: () => void;
  onDone?: (report: ReportListItem) => void;
}

/**
 * AddReportDialog orders a report for a hirer. The clerk must confirm the hirer's authorisation (kept with the
 * report); one key per opening of the dialog, so a double click or a retried request never charges twice.
 */
export function AddReportDialog({ level: initialLevel, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const [key] = useState(newIdempotencyKey);
  const queryClient = useQueryClient();
  const helper = useQuery(reportHelperQuery);
  const balance = useQuery(reportBalanceQuery);
  const level = Form.useWatch('level', form) ?? initialLevel;
  const price = priceOf(helper.data, level);
  const short = balance.data && price !== null && !affordable(balance.data.balance_fen, price);
  const levels = ORDERABLE_REPORT_LEVELS.filter((l) => priceOf(helper.data, l) !== null || l === initialLevel);

  const add = useMutation({
    mutationFn: (v: Values) =>
      addReport({
        name: v.name.trim(),
        id_card: v.id_card.trim().toUpperCase(),
        phone_number: v.phone_number.trim(),
        level: v.level,
        authorised: true,
        idempotency_key: key,
      } satisfies ReportAddRequest),
    onSuccess: async (report) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), queryClient.invalidateQueries({ queryKey: homeKeys.all })]);
      if (report.status === 'failed') feedback.message.warning(`查询失败，费用已退回：${report.failure_reason ?? '数据源无结果'}`);
      else feedback.message.success(`已生成 ${report.name} 的${reportLevelLabel[report.level]}报告`);
      onDone?.(report);
      onClose();
    },
    onError: (err) => showFormError(form, err),
  });

  return (
    <Modal
      open
      title="新建报告"
      okText={price === null ? '确认查询' : `确认查询（${yuan(price)}）`}
      cancelText="取消"
      okButtonProps={{ loading: add.isPending, disabled: Boolean(short) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ level: initialLevel, authorised: false }} onFinish={(v) => add.mutate(v)}>
        <Form.Item name="name" label="租机人姓名" rules={[required('请输入姓名'), { min: 2, message: reportMsg.name }]}>
          <Input placeholder="与身份证一致" maxLength={20} />
        </Form.Item>
        <Form.Item name="id_card" label="身份证号" rules={[required('请输入身份证号'), schemaRule(reportIdCard)]}>
          <Input placeholder="18 位身份证号" maxLength={18} />
        </Form.Item>
        <Form.Item name="phone_number" label="手机号" rules={[required('请输入手机号'), schemaRule(phoneNumber)]}>
          <Input placeholder="租机人本人实名手机号" maxLength={11} />
        </Form.Item>
        <Form.Item name="level" label="报告等级" rules={[{ required: true, message: reportMsg.level }]}>
          <Select
            options={levels.map((l) => ({
              value: l,
              label: `${reportLevelLabel[l]}${priceOf(helper.data, l) !== null ? ` · ${yuan(priceOf(helper.data, l)!)}` : ''}`,
            }))}
          />
        </Form.Item>
        {short && (
          <Alert type="error" showIcon title={`余额不足：当前余额 ${yuan(balance.data!.balance_fen)}，本次需 ${yuan(price!)}`} style={{ marginBottom: 16 }} />
        )}
        <Form.Item
          name="authorised"
          valuePropName="checked"
          rules={[
            {
              validator: async (_r, v: boolean) => {
                if (!v) throw new Error(reportMsg.authorised);
              },
            },
          ]}
        >
          <Checkbox>我已取得租机人本人的书面授权，同意查询其身份核验、借贷、涉诉等信用信息（授权记录随报告保存）</Checkbox>
        </Form.Item>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          提交后立即扣费；数据源查询失败会自动退款，并记入异常记录。
        </Typography.Text>
      </Form>
    </Modal>
  );
}
