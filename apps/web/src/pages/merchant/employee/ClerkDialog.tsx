import { type ClerkListItem, phoneNumber, QUOTA_MAX } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Form, Input, InputNumber, Modal, Skeleton, Switch } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useRef } from 'react';
import { scrollingBodyModal } from '../../../components/dialogLayout.ts';
import { clerkKeys, clerkPermissionQuery, createClerk, updateClerk } from '../../../api/clerk.ts';
import { sendSmsCode } from '../../../api/system.ts';
import { feedback } from '../../../app/feedback.ts';
import { required, schemaRule, showFormError } from '../../../forms/formRules.ts';
import { PasswordFields } from '../../../forms/PasswordFields.tsx';
import { SmsCodeField } from '../../../forms/SmsCodeField.tsx';
import {
  type ClerkFormValues,
  editValues,
  newClerkDefaults,
  NO_PERMISSION_WARNING,
  noPermission,
  quotaRule,
  toNewRequest,
  toUpdateRequest,
} from './clerkForm.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { PermissionPicker } from './PermissionPicker.tsx';

interface ClerkDialogProps {
  /** The clerk to edit; without one the dialog adds a clerk. */
  clerk?: ClerkListItem;
  onClose: () => void;
}

/**
 * ClerkDialog adds a clerk (the new phone proves itself with an SMS code, the admin sets the first password)
 * or edits one's name, quota and permissions.
 */
export function ClerkDialog({ clerk, onClose }: ClerkDialogProps) {
  const [form] = Form.useForm<ClerkFormValues>();
  const perms = useQuery(clerkPermissionQuery);
  const limited = Form.useWatch('quota_limit', form);
  const chosen = Form.useWatch('permission', form);
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const editing = clerk !== undefined;
  const permissionsRef = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: async (v: ClerkFormValues) => {
      if (clerk) await updateClerk(toUpdateRequest(clerk, v));
      else await createClerk(toNewRequest(v));
    },
    onSuccess: async (_res, v) => {
      feedback.message.success(editing ? '店员信息已保存' : `已新增店员 ${v.name.trim()}，可用手机号和初始密码登录`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: clerkKeys.all });
    },
    onError: (err) => showFormError(form, err),
  });

  const sendCode = async () => {
    const { phone_number } = await form.validateFields(['phone_number']);
    return sendSmsCode('clerk-new', phone_number!.trim());
  };

  return (
    <Modal
      open
      title={editing ? `编辑店员 · ${clerk.name}` : '新增店员'}
      okText={editing ? '保存' : '新增店员'}
      cancelText="取消"
      okButtonProps={{ loading: save.isPending, disabled: !perms.data }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      {...scrollingBodyModal}
    >
      {!perms.data ? (
        <Skeleton active />
      ) : (
        <Form<ClerkFormValues>
          form={form}
          layout="vertical"
          initialValues={clerk ? editValues(clerk) : newClerkDefaults(perms.data.employee_default_permission)}
          onFinish={(v) => save.mutate(v)}
        >
          {/* The body scrolls as one (no inner scroll area hiding the grid); this says where the permissions are. */}
          {!clerk?.is_admin && (
            <Typography.Link
              style={{ display: 'inline-block', marginBottom: 12 }}
              onClick={() => permissionsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              ↓ 设置权限（已选 {chosen?.length ?? 0} 项）
            </Typography.Link>
          )}
          <Flex gap={phone ? 0 : 16} vertical={phone}>
            <Form.Item name="name" label="姓名" rules={[required('请输入店员姓名'), { max: 20, message: '姓名最多 20 个字符' }]} style={{ flex: 1 }}>
              <Input placeholder="店员姓名" maxLength={20} />
            </Form.Item>
            {editing ? (
              <Form.Item label="手机号（登录账号）" style={{ flex: 1 }}>
                <Input value={clerk.phone_number} disabled />
              </Form.Item>
            ) : (
              <Form.Item name="phone_number" label="手机号（登录账号）" rules={[required('请输入手机号'), schemaRule(phoneNumber)]} style={{ flex: 1 }}>
                <Input placeholder="新店员的手机号" maxLength={11} inputMode="numeric" autoComplete="off" />
              </Form.Item>
            )}
          </Flex>
          {!editing && (
            <>
              <SmsCodeField send={sendCode} label="验证码（发送至新店员手机）" />
              <PasswordFields label="初始密码" />
            </>
          )}
          <Flex gap={16} align="flex-start">
            <Form.Item name="quota_limit" label="设备额度" valuePropName="checked">
              <Switch checkedChildren="限制" unCheckedChildren="不限" />
            </Form.Item>
            {limited && (
              <Form.Item
                name="total_quota"
                label="额度"
                rules={[quotaRule(clerk?.used_quota)]}
                dependencies={['quota_limit']}
                extra={editing ? `已使用 ${clerk.used_quota} 台` : undefined}
              >
                <InputNumber min={0} max={QUOTA_MAX} precision={0} suffix="台" placeholder="最多负责的设备数" style={{ width: phone ? 160 : 200 }} />
              </Form.Item>
            )}
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
            限制后，店员名下的设备（登记的和接收的）不能超过额度；不限则只受门店总额度约束。
          </Typography.Paragraph>
          {clerk?.is_admin ? (
            <Alert type="info" showIcon title="管理员拥有全部权限，无需勾选。" />
          ) : (
            <div ref={permissionsRef} data-testid="clerk-permissions">
              <Form.Item name="permission" label="权限" extra={editing ? undefined : '默认勾选门店设置的新店员默认权限。'} style={{ marginBottom: 12 }}>
                <PermissionPicker groups={perms.data.groups} />
              </Form.Item>
              {noPermission(chosen) && <Alert type="warning" showIcon title={NO_PERMISSION_WARNING} />}
            </div>
          )}
        </Form>
      )}
    </Modal>
  );
}
