type DriverError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** pgCodes walks an error and its causes (Drizzle wraps the driver's error) and yields each SQLSTATE found. */
function* pgCodes(err: unknown): Generator<DriverError> {
  for (let e = err as DriverError | undefined, depth = 0; e && typeof e === 'object' && depth < 10; e = e.cause as DriverError | undefined, depth++) yield e;
}

/** hasSqlState says whether PostgreSQL raised this SQLSTATE (e.g. 23514, a CHECK), bare or wrapped by Drizzle. */
export function hasSqlState(err: unknown, code: string): boolean {
  for (const e of pgCodes(err)) if (e.code === code) return true;
  return false;
}

/** isUniqueViolation recognises PostgreSQL's 23505 whether the driver error comes bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of pgCodes(err)) {
    if (e.code === '23505' && (!constraint || e.constraint === constraint || String(e.message).includes(constraint))) return true;
  }
  return false;
}

/**
 * Data exceptions PostgreSQL raises only for values a request carried: a schema that missed a shape check
 * lets one through, and it is still the caller's mistake (400), never our failure (500).
 */
const BAD_INPUT_MESSAGES: Record<string, string> = {
  '22P02': '参数格式有误（如 ID 或数字格式不正确）',
  '22021': '内容包含无法保存的字符（如空字符）',
  '22P05': '内容包含无法保存的字符（如空字符）',
  '22007': '日期或时间格式有误',
  '22008': '日期或时间超出有效范围',
  '22001': '内容过长',
  '22003': '数值超出有效范围',
  '54000': '内容过长',
};

/** badInputMessage returns the Chinese 400 message for a database error caused by malformed input, else null. */
export function badInputMessage(err: unknown): string | null {
  for (const e of pgCodes(err)) {
    const message = e.code ? BAD_INPUT_MESSAGES[e.code] : undefined;
    if (message) return message;
  }
  return null;
}
