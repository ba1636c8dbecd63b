import { type ErrorCode, type FieldError, errorMessage, errorStatus } from '@lease/shared';

/** AppError is the one error type services throw; the error handler renders it (DESIGN §4). */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: FieldError[],
  ) {
    super(message ?? errorMessage[code]);
    this.statusCode = errorStatus[code];
  }
}

export const notFound = (message = '资源不存在') => new AppError('NOT_FOUND', message);
export const denied = (message?: string) => new AppError('PERMISSION_DENIED', message);
