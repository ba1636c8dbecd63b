import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsTotpEnrolment } from '@lease/shared';
import { Alert, Button, Form, Input, Steps } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorToastText, isApiError } from '../../../api/errors.ts';
import { opsBeginTotp, opsChangePassword, opsConfirmTotp, opsKeys, opsMeQuery } from '../../../api/ops.ts';
import { Panel } from '../../../components/Panel.tsx';
import { OPS_HOME_PATH } from '../../../ops/opsSession.ts';

/**
 * OpsSetupPage is the first sign-in's two steps: replace the one-time password, then scan the QR code
 * with an authenticator app and confirm with its code. Until both are done no other /ops page opens.
 */
export default function OpsSetupPage() {
  const me = useQuery(opsMeQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<OpsTotpEnrolment | null>(null);
  if (!me.data) return null;
  const step = me.data.must_change_password ? 0 : 1;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      if (!isApiError(err)) throw err;
      setError(err.errors?.[0]?.message ?? errorToastText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="首次登录设置" style={{ maxWidth: 640 }}>
      <Steps size="small" current={step} items={[{ title: '修改初始密码' }, { title: '绑定动态验证码' }]} style={{ marginBottom: 24 }} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {step === 0 ? (
        <Form
          layout="vertical"
          disabled={busy}
          onFinish={(v: { old_password: string; new_password: string }) =>
            void run(async () => {
              await opsChangePassword(v);
              await queryClient.invalidateQueries({ queryKey: opsKeys.me });
            })
          }
        >
          <Form.Item name="old_password" label="一次性密码" rules={[{ required: true, message: '请输入一次性密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="new_password" label="新密码" extra="6-16 位字母、数字或符号，不能是常见密码" rules={[{ required: true, message: '请输入新密码' }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            保存新密码
          </Button>
        </Form>
      ) : !enrolment ? (
        <div>
          <Typography.Paragraph>
            请在手机上安装验证器（如 Google Authenticator、Microsoft Authenticator 或微信小程序“腾讯身份验证器”），然后获取绑定二维码。
          </Typography.Paragraph>
          <Button type="primary" loading={busy} onClick={() => void run(async () => setEnrolment(await opsBeginTotp()))}>
            获取绑定二维码
          </Button>
        </div>
      ) : (
        <div>
          <Typography.Paragraph>用验证器扫描二维码，或手动输入密钥：</Typography.Paragraph>
          <img src={enrolment.qr_data_url} alt="动态验证码绑定二维码" width={200} height={200} style={{ display: 'block', marginBottom: 12 }} />
          <Typography.Paragraph copyable={{ text: enrolment.secret }}>
            密钥：<code data-testid="totp-secret">{enrolment.secret}</code>
          </Typography.Paragraph>
          <Form
            layout="vertical"
            disabled={busy}
            onFinish={(v: { code: string }) =>
              void run(async () => {
                await opsConfirmTotp(v.code.trim());
                await queryClient.invalidateQueries({ queryKey: opsKeys.me });
                await navigate(OPS_HOME_PATH, { replace: true });
              })
            }
          >
            <Form.Item name="code" label="验证器显示的 6 位数字" rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字' }]}>
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" style={{ maxWidth: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              完成绑定
            </Button>
          </Form>
        </div>
      )}
    </Panel>
  );
}
