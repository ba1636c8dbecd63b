import { ErrorCode, type ApiErrorBody, type FieldError } from '@lease/shared';

/** Codes the client gives failures that never reached the server. */
export const ClientErrorCode = { NETWORK: 'NETWORK', TIMEOUT: 'TIMEOUT', UNKNOWN: 'UNKNOWN' } as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

export const NETWORK_FAILURE_TEXT = '请求失败，请检查网络';
export const DEFAULT_ERROR_TEXT = '请求出错';

/**
 * ApiError is the one rejection of every API call. `status` is 0 when no answer arrived;
 * `sessionEnded` is set when the client already cleared the session and left for the login page.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly errors?: FieldError[];
  readonly requestId: string;
  readonly sessionEnded: boolean;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    errors?: FieldError[];
    requestId?: string;
    sessionEnded?: boolean;
    /** What fetch threw, for a status-0 error: kept for logs and tests, never shown. */
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.requestId = init.requestId ?? '';
    this.sessionEnded = init.sessionEnded ?? false;
  }
}

const knownCodes = new Set<string>(Object.values(ErrorCode));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function readFieldErrors(v: unknown): FieldError[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter((e): e is FieldError => isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string');
}

/** readErrorBody keeps what it can trust of an error answer; a proxy's HTML page yields only the status. */
export function readErrorBody(v: unknown): Partial<ApiErrorBody> {
  if (!isRecord(v)) return {};
  return {
    code: typeof v.code === 'string' && knownCodes.has(v.code) ? (v.code as ErrorCode) : undefined,
    message: typeof v.message === 'string' && v.message ? v.message : undefined,
    errors: readFieldErrors(v.errors),
  };
}

/** Codes whose warning carries the request id so support can find the server log line (spec §8). */
const TRACED_CODES = new Set<string>([ErrorCode.SECPWD_MISMATCH, ErrorCode.PERMISSION_DENIED]);

/** errorToastText is the text of the warning shown for a failed call. */
export function errorToastText(err: ApiError): string {
  const text = err.message || DEFAULT_ERROR_TEXT;
  if (TRACED_CODES.has(err.code) && err.requestId) return `${text} (${err.requestId.slice(0, 5)})`;
  return text;
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
