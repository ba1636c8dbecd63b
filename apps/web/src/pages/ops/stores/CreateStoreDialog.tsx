import { ALL_MODULES, DEFAULT_STORE_MODULES, moduleLabel, type OpsStoreCreateRequest } from '@lease/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Form, InputNumber, Input, Modal, Radio } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { errorToastText, isApiError } from '../../../api/errors.ts';
import { opsCreateStore, opsKeys } from '../../../api/ops.ts';

/**
 * CreateStoreDialog creates a store with its first admin. With a one-time password the password is shown
 * once here; with SMS the admin gets a code by text and sets a password through 忘记密码.
 */
export function CreateStoreDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<OpsStoreCreateRequest>();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ password: string | null; phone: string } | null>(null);

  const close = () => {
    form.resetFields();
    setDone(null);
    setError(null);
    onClose();
  };
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const res = await opsCreateStore(values);
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
      setDone({ password: res.one_time_password, phone: values.admin_phone });
    } catch (err) {
      if (!isApiError(err)) throw err;
      setError(err.errors?.[0]?.message ?? errorToastText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="创建门店"
      open={open}
      onCancel={close}
      onOk={done ? close : () => void submit()}
      okText={done ? '完成' : '创建'}
      cancelButtonProps={{ style: done ? { display: 'none' } : undefined }}
      confirmLoading={busy}
      destroyOnHidden
    >
      {done ? (
        done.password ? (
          <Alert
            type="success"
            showIcon
            message="门店已创建"
            description={
              <>
                管理员账号 {done.phone}，一次性密码：
                <Typography.Text copyable strong data-testid="store-admin-password">
                  {done.password}
                </Typography.Text>
                <div>密码只显示这一次，请安全地交给门店管理员，并提醒其登录后修改。</div>
              </>
            }
          />
        ) : (
          <Alert
            type="success"
            showIcon
            message="门店已创建"
            description={`已向 ${done.phone} 发送验证码短信：管理员在登录页点“忘记密码”，用验证码设置密码后即可登录。`}
          />
        )
      ) : (
        <Form form={form} layout="vertical" initialValues={{ delivery: 'password', modules: DEFAULT_STORE_MODULES, device_count: 100 }}>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
          <Form.Item
            name="store_name"
            label="门店名称"
            rules={[
              { required: true, whitespace: true, message: '请输入门店名称' },
              { max: 50, message: '门店名称不能超过 50 个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="admin_name"
            label="管理员姓名"
            rules={[
              { required: true, whitespace: true, message: '请输入管理员姓名' },
              { max: 20, message: '不能超过 20 个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="admin_phone"
            label="管理员手机号"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: /^1\d{10}$/, message: '请输入正确的手机号' },
            ]}
          >
            <Input inputMode="numeric" maxLength={11} />
          </Form.Item>
          <Form.Item name="device_count" label="设备名额" rules={[{ required: true, message: '请输入设备名额' }]}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="modules" label="功能模块">
            <Checkbox.Group options={ALL_MODULES.map((m) => ({ value: m, label: moduleLabel[m] }))} />
          </Form.Item>
          <Form.Item name="delivery" label="管理员如何获得密码">
            <Radio.Group
              options={[
                { value: 'password', label: '生成一次性密码（在此显示一次）' },
                { value: 'sms', label: '短信验证码（管理员通过“忘记密码”自行设置）' },
              ]}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
