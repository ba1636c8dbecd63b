import { LoginStatus, type OpsLoginRequest, type OpsMe, type OpsTotpEnrolment, type TokenPair } from '@lease/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { OperatorContext } from '../../http/authz.ts';
import type { SecretBox } from '../../secret-box.ts';
import { type ClientInfo, createPasswordLogin } from '../auth/password-login.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../auth/password.ts';
import { logOut, rotateRefreshToken } from '../auth/refresh-rotation.ts';
import { hashToken, newRefreshToken } from '../auth/tokens.ts';
import type { OpsAudit } from './ops-audit.ts';
import type { OperatorRow, OpsAuthRepo } from './ops-auth.repo.ts';
import type { OpsTokens } from './ops-tokens.ts';
import { checkTotp, newTotpEnrolment } from './totp.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TOUCH_INTERVAL = MINUTE;

interface Deps {
  config: Config['auth'];
  tokens: OpsTokens;
  repo: OpsAuthRepo;
  totpBox: SecretBox;
  audit: OpsAudit;
}

/** setupPending: the one-time password is still in use, or this session has not proven TOTP. */
const setupPending = (o: OperatorRow, mfa: boolean) => o.mustChangePassword || !o.totpSecretSealed || !mfa;

/**
 * createOpsAuthService owns operator sessions with the store console's rules (throttles, login log,
 * refresh rotation, idle and absolute timeouts), plus TOTP: an enrolled operator signs in with password
 * and code; a new one gets a setup session that can only change the one-time password and enrol TOTP.
 */
export function createOpsAuthService({ config, tokens, repo, totpBox, audit }: Deps) {
  const unauthorized = () => new AppError('UNAUTHORIZED');

  async function issueSession(o: OperatorRow, mfa: boolean, client: ClientInfo): Promise<TokenPair> {
    const expiresAt = new Date(Date.now() + config.sessionAbsoluteHours * HOUR);
    const sessionId = await repo.createSession({ operatorId: o.id, mfa, expiresAt, ...client });
    const refresh = newRefreshToken();
    await repo.insertRefreshToken(sessionId, hashToken(refresh));
    const access = await tokens.sign({ operatorId: o.id, sessionId });
    return { access_token: access, refresh_token: refresh, expires_in: tokens.ttlSeconds };
  }

  const checkPassword = createPasswordLogin(config, {
    find: (phone) => repo.findByPhone(phone),
    attempts: repo.loginLog,
    record: ({ account, status, found, client }) => repo.loginLog.insert({ account, status, operatorId: found?.id, ...client }),
    messages: { tooManyFailures: '该账号登录失败次数过多，请一小时后再试', disabled: '运营账号已停用' },
  });

  /** spendTotp checks a code against a secret and accepts its step once (a replayed code is refused). */
  async function spendTotp(o: OperatorRow, secret: string, code: string): Promise<boolean> {
    const step = checkTotp(secret, code);
    if (step === null || step <= o.totpLastStep) return false;
    return repo.acceptTotpStep(o.id, step);
  }

  async function loadOperator(ctx: OperatorContext): Promise<OperatorRow> {
    const o = await repo.findById(ctx.operatorId);
    if (!o) throw unauthorized();
    return o;
  }

  return {
    issueSession,

    async login({ phone, password, totp }: OpsLoginRequest, client: ClientInfo): Promise<TokenPair> {
      const { found, log } = await checkPassword(phone, password, client);
      let mfa = false;
      if (found.totpSecretSealed) {
        if (!totp) throw new AppError('LOGIN_FAILED', '请输入动态验证码');
        // A wrong code counts like a wrong password, so the same throttle stops guessing codes.
        if (!(await spendTotp(found, totpBox.open(found.totpSecretSealed), totp))) {
          await log(LoginStatus.WRONG_PASSWORD);
          throw new AppError('LOGIN_FAILED', '动态验证码错误或已使用，请等待下一个验证码');
        }
        mfa = true;
      }
      await log(LoginStatus.SUCCESS);
      return issueSession(found, mfa, client);
    },

    async refresh(token: string): Promise<TokenPair> {
      const { session, successor, rotatedAt } = await rotateRefreshToken(repo, token, {
        successorOf: (t) => tokens.successorOf(t),
        idleMinutes: config.sessionIdleMinutes,
      });
      const principal = await repo.loadPrincipal(session.id);
      if (!principal || principal.operator.disabled || principal.session.revokedAt) throw unauthorized();
      const access = await tokens.sign({ operatorId: session.operatorId, sessionId: session.id }, rotatedAt);
      return { access_token: access, refresh_token: successor, expires_in: tokens.ttlSeconds };
    },

    logout: (tokensHeld: { accessToken?: string; refreshToken?: string }) => logOut(repo, (t) => tokens.verify(t), tokensHeld),

    /** authenticate is the per-request check of every /api/ops call: the session must be live, not just signed. */
    async authenticate(token: string): Promise<OperatorContext> {
      const verified = await tokens.verify(token);
      if (!verified.ok) throw verified.expired ? new AppError('TOKEN_EXPIRED') : unauthorized();
      const row = await repo.loadPrincipal(verified.claims.sessionId);
      if (!row) throw unauthorized();
      const { session, operator: o } = row;
      const now = new Date();
      const idle = now.getTime() - session.lastSeenAt.getTime() > config.sessionIdleMinutes * MINUTE;
      if (session.revokedAt || session.expiresAt <= now || idle || o.disabled || o.id !== verified.claims.operatorId) throw unauthorized();
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL) await repo.touchSession(session.id, now);
      return { operatorId: o.id, sessionId: session.id, name: o.name, phone: o.phone, setupPending: setupPending(o, session.mfa) };
    },

    async me(ctx: OperatorContext): Promise<OpsMe> {
      const o = await loadOperator(ctx);
      return {
        id: o.id,
        name: o.name,
        phone: o.phone,
        must_change_password: o.mustChangePassword,
        totp_enrolled: Boolean(o.totpSecretSealed),
        ready: !ctx.setupPending,
      };
    },

    /** changePassword replaces the one-time (or any) password; other sessions of the operator end. */
    async changePassword(ctx: OperatorContext, oldPassword: string, newPassword: string, ip: string) {
      const o = await loadOperator(ctx);
      if (!(await verifyPassword(o.passwordHash, oldPassword)))
        throw new AppError('VALIDATION_FAILED', '原密码错误', [{ field: 'old_password', message: '原密码错误' }]);
      if (oldPassword === newPassword)
        throw new AppError('VALIDATION_FAILED', '新密码不能与原密码相同', [{ field: 'new_password', message: '新密码不能与原密码相同' }]);
      assertPasswordAllowed(newPassword, o.phone);
      await repo.updateOperator(o.id, { passwordHash: await hashPassword(newPassword), mustChangePassword: false, passwordChangedAt: new Date() });
      await repo.revokeOtherSessions(o.id, ctx.sessionId, 'password-change');
      await audit.write({ operatorId: o.id, operatorName: o.name, action: 'operator.password', targetType: 'operator', targetId: o.id, ip });
    },

    /** beginTotp shows a new secret to enrol; only before enrolment (a lost phone is reset from the command line). */
    async beginTotp(ctx: OperatorContext): Promise<OpsTotpEnrolment> {
      const o = await loadOperator(ctx);
      if (o.mustChangePassword) throw new AppError('PERMISSION_DENIED', '请先修改初始密码');
      if (o.totpSecretSealed) throw new AppError('CONFLICT', '已绑定动态验证码；如需更换，请在服务器上用命令行重置');
      const enrolment = await newTotpEnrolment(`${o.name}（${o.phone}）`);
      await repo.updateOperator(o.id, { totpPendingSealed: totpBox.seal(enrolment.secret) });
      return enrolment;
    },

    /** confirmTotp enables TOTP once a code from the new secret is entered; this session then counts as proven. */
    async confirmTotp(ctx: OperatorContext, code: string, ip: string) {
      const o = await loadOperator(ctx);
      if (o.totpSecretSealed) throw new AppError('CONFLICT', '已绑定动态验证码');
      if (!o.totpPendingSealed) throw new AppError('VALIDATION_FAILED', '请先获取绑定二维码');
      const secret = totpBox.open(o.totpPendingSealed);
      if (!(await spendTotp(o, secret, code)))
        throw new AppError('VALIDATION_FAILED', '动态验证码错误，请核对手机时间后重试', [{ field: 'code', message: '动态验证码错误' }]);
      await repo.updateOperator(o.id, { totpSecretSealed: o.totpPendingSealed, totpPendingSealed: null });
      await repo.markMfa(ctx.sessionId);
      await audit.write({ operatorId: o.id, operatorName: o.name, action: 'operator.totp', targetType: 'operator', targetId: o.id, ip });
    },
  };
}
export type OpsAuthService = ReturnType<typeof createOpsAuthService>;
