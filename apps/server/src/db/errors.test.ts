import { describe, expect, it } from 'vitest';
import { badInputMessage, hasSqlState, isUniqueViolation } from './errors.ts';

describe('hasSqlState', () => {
  it('finds a SQLSTATE on the error or in its cause chain, and nothing else', () => {
    const check = { code: '23514', message: 'violates check constraint' };
    expect(hasSqlState(check, '23514')).toBe(true);
    expect(hasSqlState(new Error('Failed query', { cause: check }), '23514')).toBe(true);
    expect(hasSqlState(new Error('Failed query', { cause: check }), '23505')).toBe(false);
    expect(hasSqlState(null, '23514')).toBe(false);
  });
});

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

describe('badInputMessage', () => {
  it('maps the data exceptions a request value causes to a Chinese message, bare or wrapped by Drizzle', () => {
    for (const code of ['22P02', '22021', '22P05', '22007', '22008', '22001', '22003', '54000']) {
      expect(badInputMessage({ code })).toMatch(/[\u4e00-\u9fff]/);
      expect(badInputMessage(new Error('Failed query', { cause: { code, message: 'invalid input syntax for type uuid' } }))).toBe(badInputMessage({ code }));
    }
  });

  it('leaves our own failures alone: they stay 500s', () => {
    for (const code of ['23505', '40001', '42P01', '08006', undefined]) expect(badInputMessage({ code })).toBeNull();
    expect(badInputMessage(new Error('boom'))).toBeNull();
    expect(badInputMessage(undefined)).toBeNull();
  });
});
