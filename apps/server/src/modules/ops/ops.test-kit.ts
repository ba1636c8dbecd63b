import type { TokenPair } from '@lease/shared';
import type { TestApp } from '../../test/build-test-app.ts';
import { nextPhone } from '../../test/build-test-app.ts';
import { createOperator } from './create-operator.ts';
import { createOpsAuthRepo } from './ops-auth.repo.ts';
import { createTotpBox, totpCode } from './totp.ts';
import { Secret } from 'otpauth';

export const OPERATOR_PASSWORD = 'Ops-Passw0rd';

/**
 * newOperator creates an operator as the command line does; `ready` also sets a chosen password and an
 * enrolled TOTP secret (returned, so a test can compute codes), as after the first-sign-in setup.
 */
export async function newOperator(t: TestApp, opts: { ready?: boolean; name?: string; phone?: string } = {}) {
  const phone = opts.phone ?? nextPhone();
  const ready = opts.ready ?? true;
  const { operator, password } = await createOperator(t.db, {
    phone,
    name: opts.name ?? '测试运营',
    password: ready ? OPERATOR_PASSWORD : undefined,
    mustChangePassword: !ready,
  });
  let secret: string | null = null;
  if (ready) {
    secret = new Secret({ size: 20 }).base32;
    await createOpsAuthRepo(t.db).updateOperator(operator.id, { totpSecretSealed: createTotpBox(t.secrets.apiSecret).seal(secret) });
  }
  return { operator, phone, password, secret };
}

/**
 * signInOperator creates a fully set-up operator and signs it in with password and TOTP: the helper every
 * /api/ops route test starts from. Each call makes a new operator (a TOTP code is accepted only once).
 */
export async function signInOperator(t: TestApp, opts: { name?: string; remoteAddress?: string } = {}) {
  const made = await newOperator(t, { ready: true, name: opts.name });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    payload: { phone: made.phone, password: OPERATOR_PASSWORD, totp: totpCode(made.secret!) },
    remoteAddress: opts.remoteAddress ?? '10.8.0.1',
  });
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.statusCode} ${res.body}`);
  const tokens = res.json<TokenPair>();
  return { ...made, secret: made.secret!, tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}
