import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

describe('isUniqueViolation', () => {
  it('finds 23505 on the error or in its cause chain, optionally for one constraint', () => {
    const pgError = { code: '23505', constraint: 'clerk_phone_number_key', message: 'duplicate key value' };
    expect(isUniqueViolation(pgError)).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: pgError }), 'clerk_phone_number_key')).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: pgError }), 'other_key')).toBe(false);
    expect(isUniqueViolation(new Error('Failed query', { cause: { code: '40001' } }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
