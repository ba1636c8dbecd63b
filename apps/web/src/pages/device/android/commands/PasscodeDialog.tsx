import { androidPasscodeRequest, type AndroidPasscodeResponse } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Select } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { androidKeys, getAndroidPasscode } from '../../../../api/androidDevice.ts';
import { isApiError } from '../../../../api/index.ts';
import { schemaRule, showFormError } from '../../../../forms/formRules.ts';
import { SensitiveFields } from '../../../../forms/SensitiveFields.tsx';
import type { OperationDialogProps } from './OperationDialogs.tsx';
import { androidTitle, useNeedSms } from './useAndroidOperation.ts';

export type PasscodePurpose = 'unlock' | 'deregulate';

interface PasscodeValues {
  challenge: string;
  grant_days?: number;
  password: string;
  sms_code?: string;
}

const GRANT_OPTIONS = [
  { value: 0, label: '直到设备下次联网' },
  { value: 1, label: '1 天' },
  { value: 3, label: '3 天' },
  { value: 7, label: '7 天' },
  { value: 15, label: '15 天' },
  { value: 30, label: '30 天' },
];

/** groupDigits spaces a code in groups of four from the right (an unlock code's 2-digit grant stands alone), so it is read out without slips. */
export const groupDigits = (code: string) => code.replace(/\B(?=(\d{4})+(?!\d))/g, ' ');

const WORDING: Record<PasscodePurpose, { title: string; effect: string; ok: string }> = {
  unlock: {
    title: '离线解锁码',
    effect: '用于设备无法联网时解锁：请租机人读出锁屏上显示的 8 位挑战码，填入下方后生成解锁码，再由租机人在锁屏上输入。',
    ok: '生成解锁码',
  },
  deregulate: {
    title: '离线解除监管码',
    effect: '用于设备无法联网时解除监管：输入后设备将取消全部系统限制并放弃管理，无法恢复。请确认租机人已结清后再生成。',
    ok: '生成解除监管码',
  },
};

/**
 * PasscodeDialog issues an offline code for the challenge the locked phone shows (DESIGN §6): the clerk
 * types the challenge, confirms with their password (and an SMS code when the store asks), and the code
 * is shown large to read out. Each code works once, for that challenge only; the log records who issued it.
 */
export function PasscodeDialog({ device, onClose, purpose }: OperationDialogProps & { purpose: PasscodePurpose }) {
  const [form] = Form.useForm<PasscodeValues>();
  const needSms = useNeedSms();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<AndroidPasscodeResponse | null>(null);
  const w = WORDING[purpose];
  const issue = useMutation({
    mutationFn: (v: PasscodeValues) =>
      getAndroidPasscode(device.id, purpose, {
        challenge: v.challenge,
        grant_days: purpose === 'unlock' ? (v.grant_days ?? 0) : undefined,
        password: v.password,
        ...(needSms ? { sms_code: v.sms_code } : {}),
      }),
    onSuccess: async (r) => {
      setIssued(r);
      await queryClient.invalidateQueries({ queryKey: androidKeys.device(device.id) });
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'SECPWD_MISMATCH') form.setFields([{ name: 'password', errors: [err.message] }]);
      else showFormError(form, err);
    },
  });

  if (issued) {
    return (
      <Modal
        open
        title={`${w.title} · ${androidTitle(device)}`}
        onCancel={onClose}
        destroyOnHidden
        width={480}
        footer={
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        }
      >
        <Flex vertical align="center" gap={12} style={{ padding: '8px 0' }}>
          <Typography.Text type="secondary">
            挑战码 {issued.challenge} 的{purpose === 'unlock' ? '解锁码' : '解除监管码'}
          </Typography.Text>
          <Typography.Title
            level={2}
            copyable={{ text: issued.passcode, tooltips: ['复制', '已复制'] }}
            style={{ margin: 0, fontFamily: 'monospace', letterSpacing: 2 }}
            data-testid="passcode"
          >
            {groupDigits(issued.passcode)}
          </Typography.Title>
          <Alert
            type="warning"
            showIcon
            style={{ width: '100%' }}
            title="此码只能使用一次，且只对这个挑战码有效。设备用过后会换一个新的挑战码；若租机人输错太多次，需稍等后再试。"
            description={
              purpose === 'unlock'
                ? issued.grant_days > 0
                  ? `解锁后 ${issued.grant_days} 天内设备仍未联网，将自动重新锁定。`
                  : '设备下次联网时会上报这次解锁，控制台随即显示为已解锁。'
                : '输入后设备将解除监管，无需再联网。'
            }
          />
        </Flex>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={`${w.title} · ${androidTitle(device)}`}
      okText={w.ok}
      cancelText="取消"
      okButtonProps={{ loading: issue.isPending, danger: purpose === 'deregulate' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Alert type={purpose === 'deregulate' ? 'warning' : 'info'} showIcon title={w.effect} style={{ marginBottom: 16 }} />
      <Form<PasscodeValues> form={form} layout="vertical" initialValues={{ grant_days: 0 }} onFinish={(v) => issue.mutate(v)}>
        <Form.Item
          name="challenge"
          // The hint sits in the label, so under the field there is only ever the error (which says the same).
          label="挑战码（设备锁屏上显示的 8 位数字）"
          rules={[{ required: true, whitespace: true, message: '请输入设备上显示的挑战码' }, schemaRule(androidPasscodeRequest.shape.challenge)]}
        >
          <Input placeholder="例如 1234 5678" maxLength={12} inputMode="numeric" autoComplete="off" style={{ fontFamily: 'monospace', fontSize: 18 }} />
        </Form.Item>
        {purpose === 'unlock' && (
          <Form.Item name="grant_days" label="解锁有效期" extra="到期时设备仍未联网，将自动重新锁定">
            <Select options={GRANT_OPTIONS} />
          </Form.Item>
        )}
        <SensitiveFields needSms={needSms} />
      </Form>
    </Modal>
  );
}
