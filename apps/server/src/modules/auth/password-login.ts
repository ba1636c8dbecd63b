import { LoginStatus } from '@lease/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { verifyPassword } from './password.ts';

/** ClientInfo is where a sign-in comes from; sessions and login-log rows keep it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A login from an IP that succeeded for this account lately is exempt from the account-wide limit. */
const TRUSTED_IP_WINDOW = 30 * 24 * HOUR;

/** PasswordAccount is what the kernel reads of whoever signs in: a store clerk or an operator. */
export interface PasswordAccount {
  passwordHash: string;
  passwordChangedAt: Date;
  disabled: boolean;
}

/** LoginAttemptLog is what the throttle asks of a login log (loginAttemptQueries answers it for both consoles). */
export interface LoginAttemptLog {
  countFromIpSince(ip: string, since: Date): Promise<number>;
  countStatusForAccountSince(account: string, status: number, since: Date): Promise<number>;
  hasSuccessFromIpSince(account: string, ip: string, status: number, since: Date): Promise<boolean>;
}

/** SignInParty is who signs in with a password: how to find them, where their attempts are logged, what they are told. */
export interface SignInParty<A extends PasswordAccount> {
  find(account: string): Promise<A | undefined>;
  attempts: LoginAttemptLog;
  /** record writes the attempt's login-log row; `found` is the account when one has that name. */
  record(attempt: { account: string; status: LoginStatus; found: A | undefined; client: ClientInfo }): Promise<void>;
  messages: {
    /** The refusal once the account's failures reach the hourly limit. */
    tooManyFailures: string;
    /** The refusal of a disabled account whose password was right. */
    disabled: string;
  };
}

/** PasswordChecked is an account past the shared checks, and the log of its attempt for the caller's own checks. */
export interface PasswordChecked<A> {
  found: A;
  log(status: LoginStatus): Promise<void>;
}

/**
 * createPasswordLogin is the sign-in rule both consoles share: the throttle (attempts per IP per minute, and
 * wrong passwords per account per hour unless the IP succeeded lately), the password, the disabled account,
 * each refusal written to the login log. The caller then adds its own checks (a disabled store, TOTP) and logs
 * the success itself.
 */
export function createPasswordLogin<A extends PasswordAccount>(
  config: Pick<Config['auth'], 'loginIpLimitPerMinute' | 'loginAccountFailuresPerHour'>,
  party: SignInParty<A>,
) {
  async function throttle(account: string, found: A | undefined, client: ClientInfo) {
    const now = Date.now();
    const fromIp = await party.attempts.countFromIpSince(client.ip, new Date(now - MINUTE));
    if (fromIp >= config.loginIpLimitPerMinute) return '登录尝试过于频繁，请一分钟后再试';
    // Failures before the last password change do not count: resetting the password lifts the limit.
    const since = Math.max(now - HOUR, found?.passwordChangedAt.getTime() ?? 0);
    const failures = await party.attempts.countStatusForAccountSince(account, LoginStatus.WRONG_PASSWORD, new Date(since));
    if (failures < config.loginAccountFailuresPerHour) return null;
    const trusted = await party.attempts.hasSuccessFromIpSince(account, client.ip, LoginStatus.SUCCESS, new Date(now - TRUSTED_IP_WINDOW));
    return trusted ? null : party.messages.tooManyFailures;
  }

  return async function checkPassword(account: string, password: string, client: ClientInfo): Promise<PasswordChecked<A>> {
    const found = await party.find(account);
    const log = (status: LoginStatus) => party.record({ account, status, found, client });
    const refusal = await throttle(account, found, client);
    if (refusal) {
      await log(LoginStatus.THROTTLED);
      throw new AppError('TOO_MANY_REQUESTS', refusal);
    }
    const ok = await verifyPassword(found?.passwordHash, password);
    if (!found || !ok) {
      await log(found ? LoginStatus.WRONG_PASSWORD : LoginStatus.UNKNOWN_ACCOUNT);
      throw new AppError('LOGIN_FAILED', '账号或密码错误');
    }
    if (found.disabled) {
      await log(LoginStatus.DISABLED);
      throw new AppError('LOGIN_FAILED', party.messages.disabled);
    }
    return { found, log };
  };
}
