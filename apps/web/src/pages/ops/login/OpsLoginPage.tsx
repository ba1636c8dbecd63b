import type { OpsLoginRequest } from '@lease/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorToastText, isApiError } from '../../../api/errors.ts';
import { opsLogin } from '../../../api/ops.ts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { OPS_HOME_PATH, opsTokens } from '../../../ops/opsSession.ts';

/** A same-site /ops path from `redirect`, else the operator home. */
const safeOpsRedirect = (v: string | null) => (v?.startsWith('/ops') && !v.startsWith('/ops/login') && !v.startsWith('//') ? v : OPS_HOME_PATH);

/**
 * OpsLoginPage signs an operator in: phone, password and the authenticator's 6-digit code. The first
 * sign-in (one-time password from the command line) leaves the code empty and continues to setup.
 */
export default function OpsLoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: OpsLoginRequest) => {
    setBusy(true);
    setError(null);
    try {
      const pair = await opsLogin({ ...values, totp: values.totp?.trim() ?? '' });
      opsTokens.save(pair);
      queryClient.removeQueries({ queryKey: ['ops'] });
      await navigate(safeOpsRedirect(search.get('redirect')), { replace: true });
    } catch (err) {
      if (!isApiError(err)) throw err;
      setError(errorToastText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="运营后台登录">
      <Form<OpsLoginRequest> layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={busy}>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^1\d{10}$/, message: '请输入正确的手机号' },
          ]}
        >
          <Input autoComplete="username" inputMode="numeric" maxLength={11} placeholder="11 位手机号" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="current-password" placeholder="密码" />
        </Form.Item>
        <Form.Item
          name="totp"
          label="动态验证码"
          extra="手机验证器中的 6 位数字；首次登录（使用一次性密码）时留空"
          rules={[{ pattern: /^\d{6}$/, message: '请输入 6 位数字' }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder="6 位数字" />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={busy}>
          登录
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
          运营账号由服务器管理员用命令行创建（npm run ops -- create-operator），不能在此注册。
        </Typography.Paragraph>
      </Form>
    </AuthCard>
  );
}
