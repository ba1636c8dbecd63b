/** ErrorCode names every error the API can answer; the console branches on a few of them (spec §8). */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  SECPWD_MISMATCH: 'SECPWD_MISMATCH',
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  LOGIN_FAILED: 'LOGIN_FAILED',
  SMS_CODE_INVALID: 'SMS_CODE_INVALID',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INTERNAL: 'INTERNAL',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  SMS_NOT_CONFIGURED: 'SMS_NOT_CONFIGURED',
  SMS_SEND_FAILED: 'SMS_SEND_FAILED',
  /** A public SMS send needs a solved proof-of-work challenge: the console solves one and retries by itself. */
  SMS_PROOF_REQUIRED: 'SMS_PROOF_REQUIRED',
  /** The proof was forged, expired, already used or too easy. */
  SMS_PROOF_INVALID: 'SMS_PROOF_INVALID',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** errorStatus maps each code to its HTTP status, in one place (DESIGN §4). */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 403,
  SECPWD_MISMATCH: 403,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  LOGIN_FAILED: 400,
  SMS_CODE_INVALID: 400,
  QUOTA_EXCEEDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  SMS_NOT_CONFIGURED: 503,
  SMS_SEND_FAILED: 502,
  SMS_PROOF_REQUIRED: 428,
  SMS_PROOF_INVALID: 400,
};

export const errorMessage: Record<ErrorCode, string> = {
  VALIDATION_FAILED: '请求参数有误',
  UNAUTHORIZED: '登录已失效，请重新登录',
  TOKEN_EXPIRED: '登录凭证已过期',
  SECPWD_MISMATCH: '密码错误',
  PERMISSION_DENIED: '没有权限执行此操作',
  NOT_FOUND: '资源不存在',
  CONFLICT: '数据冲突，请刷新后重试',
  TOO_MANY_REQUESTS: '操作过于频繁，请稍后再试',
  LOGIN_FAILED: '账号或密码错误',
  SMS_CODE_INVALID: '验证码错误或已过期',
  QUOTA_EXCEEDED: '额度不足',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  UNSUPPORTED_MEDIA_TYPE: '不支持的内容类型',
  INTERNAL: '服务器内部错误',
  SERVICE_UNAVAILABLE: '服务暂不可用，请稍后再试',
  SMS_NOT_CONFIGURED: '短信服务未配置，无法发送验证码，请联系管理员',
  SMS_SEND_FAILED: '短信发送失败，请稍后再试',
  SMS_PROOF_REQUIRED: '请先完成人机验证再获取验证码',
  SMS_PROOF_INVALID: '人机验证未通过，请重试',
};

/** FieldError is one entry of a VALIDATION_FAILED answer. */
export interface FieldError {
  field: string;
  message: string;
}

/** ApiErrorBody is the one error envelope every endpoint answers with. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

/**
 * The server's mark (value `1`) on a 503 it answered before running anything: a node closing for a restart, or cut
 * off from its database. The console sends such a request again, whatever its method (api/client.ts).
 */
export const UNPROCESSED_HEADER = 'x-request-unprocessed';

/** retryAfterSeconds reads a Retry-After header in seconds (the only form the server sends); undefined when absent or not a number. */
export function retryAfterSeconds(header: string | string[] | null | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  return seconds >= 0 ? seconds : undefined;
}
