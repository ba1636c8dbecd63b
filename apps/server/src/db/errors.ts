/** isUniqueViolation recognises PostgreSQL's 23505 whether the driver error comes bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (!constraint || e.constraint === constraint || String(e.message).includes(constraint))) return true;
  }
  return false;
}
