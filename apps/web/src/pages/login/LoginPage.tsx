import type { LoginRequest } from '@lease/shared';
import { PASSWORD_RE, PHONE_RE, msg } from '@lease/shared/patterns';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/auth.ts';
import { errorToastText, isApiError } from '../../api/errors.ts';
import { beginSession } from '../../auth/sessionActions.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { safeRedirect } from '../../router/guard.ts';
import { PasswordInput, PlainField } from './PlainField.tsx';

type Field = keyof LoginRequest;
type Errors = Partial<Record<Field | 'form', string>>;

/** validateLogin is the form's own check before anything is sent: the spec §5 patterns. */
export function validateLogin(values: LoginRequest): Errors {
  const errors: Errors = {};
  if (!values.account.trim()) errors.account = '请输入手机号';
  else if (!PHONE_RE.test(values.account)) errors.account = msg.phone;
  if (!values.password) errors.password = '请输入密码';
  else if (!PASSWORD_RE.test(values.password)) errors.password = msg.password;
  return errors;
}

/**
 * LoginPage is a plain form, no antd (spec: the first download of /login ≤ 120 KB): errors, from the
 * form or the server, show inline, so none is left behind as a toast in the console.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [values, setValues] = useState<LoginRequest>({ account: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const submit = useMutation({
    mutationFn: login,
    onSuccess: async (pair) => {
      beginSession(pair);
      await navigate(safeRedirect(search.get('redirect')), { replace: true });
    },
    onError: (err) => {
      if (!isApiError(err)) throw err;
      const fields = (err.errors ?? []).filter((e): e is { field: Field; message: string } => e.field === 'account' || e.field === 'password');
      setErrors(fields.length > 0 ? Object.fromEntries(fields.map((e) => [e.field, e.message])) : { form: errorToastText(err) });
    },
  });
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length === 0) submit.mutate(values);
  };

  return (
    <AuthCard title="登录">
      <form className="plain-form" noValidate onSubmit={onSubmit}>
        <PlainField id="login-account" label="手机号" error={errors.account}>
          {(props) => (
            <input
              {...props}
              className="plain-input"
              name="account"
              placeholder="登录手机号"
              maxLength={11}
              autoComplete="username"
              inputMode="tel"
              value={values.account}
              onChange={(e) => set('account')(e.target.value)}
            />
          )}
        </PlainField>
        <PlainField id="login-password" label="密码" error={errors.password}>
          {(props) => (
            <PasswordInput
              {...props}
              name="password"
              placeholder="密码"
              maxLength={16}
              autoComplete="current-password"
              value={values.password}
              onChange={set('password')}
            />
          )}
        </PlainField>
        {errors.form && (
          <div className="plain-form-error" role="alert">
            {errors.form}
          </div>
        )}
        <button type="submit" className="plain-button plain-button-primary" disabled={submit.isPending}>
          {submit.isPending ? '登录中…' : '登录'}
        </button>
        <div className="plain-links">
          <Link to="/forgot-password">忘记密码</Link>
          <Link to="/system/register/new-store">注册门店</Link>
        </div>
      </form>
    </AuthCard>
  );
}
