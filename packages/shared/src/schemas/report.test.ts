import { describe, expect, it } from 'vitest';
import { blacklistCheckRequest, hxReportSecretKeyRequest, idCardCheckDigit, isValidId18, rcsRequest, reportAddRequest, reportListQuery } from './report.ts';

const add = { name: '张三', id_card: '11010519491231002X', phone_number: '13800000000', level: 'basic', authorised: true };
const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('report schemas', () => {
  it('checks the GB 11643 check character and the birth date of 18-digit ids', () => {
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
    expect(isValidId18('11010519491231002x')).toBe(true);
    expect(isValidId18('110105194912310021')).toBe(false);
    expect(isValidId18('110105194902300027')).toBe(false); // 30 February
    expect(reportAddRequest.safeParse(add).success).toBe(true);
    expect(firstIssue(reportAddRequest.safeParse({ ...add, id_card: '110105194912310021' }))).toBe('身份证格式有误');
    expect(firstIssue(reportAddRequest.safeParse({ ...add, id_card: '12ab' }))).toBe('身份证格式有误');
    expect(reportAddRequest.safeParse({ ...add, id_card: '1234' }).success).toBe(true);
  });

  it('answers the spec messages', () => {
    expect(firstIssue(reportAddRequest.safeParse({ ...add, level: 'gold' }))).toBe('报告等级有误');
    expect(firstIssue(reportAddRequest.safeParse({ ...add, name: '张' }))).toBe('姓名至少 2 个字符');
    expect(reportAddRequest.safeParse({ ...add, authorised: false }).success).toBe(false);
    expect(firstIssue(reportListQuery.safeParse({ name: 'Tom' }))).toBe('姓名只允许使用中文字符');
    expect(reportListQuery.safeParse({ name: '张三' }).success).toBe(true);
    expect(firstIssue(hxReportSecretKeyRequest.safeParse({ secret_key: ' ' }))).toBe('密钥长度有误');
  });

  it('takes mainland, Hong Kong, Macau and Taiwan ids for RCS', () => {
    for (const id_card of ['11010519491231002X', '110105491231002', 'A123456(7)', '1234567(8)', 'A123456789'])
      expect(rcsRequest.safeParse({ name: '张三', id_card }).success, id_card).toBe(true);
    expect(rcsRequest.safeParse({ name: '张三', id_card: '12345' }).success).toBe(false);
  });

  it('needs an 18-character id for type 0 and a phone for type 1', () => {
    expect(blacklistCheckRequest.safeParse({ type: 0, id_card: '11010519491231002X' }).success).toBe(true);
    expect(blacklistCheckRequest.safeParse({ type: 0, id_card: '110105491231002' }).success).toBe(false);
    expect(blacklistCheckRequest.safeParse({ type: 1, phone_number: '13800000000' }).success).toBe(true);
    expect(blacklistCheckRequest.safeParse({ type: 1, id_card: '11010519491231002X' }).success).toBe(false);
  });
});
