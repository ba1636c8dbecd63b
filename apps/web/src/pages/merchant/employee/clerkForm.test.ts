import { type ClerkListItem, PERMISSION_GROUPS, QUOTA_MAX } from '@lease/shared';
import type { FormInstance, RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { editValues, groupState, permissionSummary, quotaRule, toggleGroup, toNewRequest, toUpdateRequest } from './clerkForm.ts';

const security = PERMISSION_GROUPS.find((g) => g.key === 'security')!;

const clerk = (overrides: Partial<ClerkListItem> = {}): ClerkListItem => ({
  id: '00000000-0000-4000-8000-000000000009',
  name: '李四',
  phone_number: '13900000009',
  is_admin: false,
  permission: ['Aa2'],
  disabled: false,
  quota_limit: true,
  total_quota: 8,
  used_quota: 3,
  device_count: { ios: 3, android: 0 },
  date_created: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** check runs a quota rule the way antd does, with the form's quota_limit switch. */
async function check(usedQuota: number | undefined, limited: boolean, value: number | null) {
  const rule = quotaRule(usedQuota);
  const form = { getFieldValue: (name: string) => (name === 'quota_limit' ? limited : undefined) } as unknown as FormInstance;
  const { validator } = (rule as (f: FormInstance) => RuleObject)(form);
  try {
    await validator!({} as RuleObject, value, () => {});
    return 'ok';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('quotaRule', () => {
  it('asks nothing when the quota is not limited', async () => {
    expect(await check(undefined, false, null)).toBe('ok');
  });

  it('needs a whole number above 0 for a new clerk (spec §5)', async () => {
    expect(await check(undefined, true, null)).toBe('请输入设备额度');
    expect(await check(undefined, true, 0)).toBe('限制额度时，额度须大于 0');
    expect(await check(undefined, true, 1.5)).toBe('额度应为整数');
    expect(await check(undefined, true, QUOTA_MAX + 1)).toBe(`额度不能大于 ${QUOTA_MAX}`);
    expect(await check(undefined, true, 1)).toBe('ok');
  });

  it('keeps an edited quota at or above what the clerk uses, like the server', async () => {
    expect(await check(3, true, 2)).toBe('额度不能低于该店员已使用的 3 台');
    expect(await check(3, true, 3)).toBe('ok');
    expect(await check(0, true, 0)).toBe('ok');
  });
});

describe('permission groups', () => {
  it('shows a group checked, partly checked or not', () => {
    expect(groupState(security, [])).toEqual({ checked: false, indeterminate: false });
    expect(groupState(security, ['Db1'])).toEqual({ checked: false, indeterminate: true });
    expect(groupState(security, ['Db1', 'Dc1', 'Aa2'])).toEqual({ checked: true, indeterminate: false });
  });

  it('selects and clears a whole group, leaving the other groups alone', () => {
    expect(toggleGroup(security, ['Aa2', 'Db1'], true)).toEqual(['Aa2', 'Db1', 'Dc1']);
    expect(toggleGroup(security, ['Aa2', 'Db1', 'Dc1'], false)).toEqual(['Aa2']);
  });

  it('summarises chosen codes by group for the list', () => {
    expect(permissionSummary(PERMISSION_GROUPS, ['Dc1', 'Aa2'])).toEqual([
      { label: 'Apple 设备', items: ['登记设备'] },
      { label: '安全', items: ['查看登录日志'] },
    ]);
  });
});

describe('requests', () => {
  it('sends a new clerk with trimmed text and a quota only when limited', () => {
    const base = { name: ' 王五 ', phone_number: ' 13900000001 ', sms_code: '123456', password: 'Abc#1234', permission: ['Db1'] };
    expect(toNewRequest({ ...base, quota_limit: false, total_quota: 9 })).toEqual({
      name: '王五',
      phone_number: '13900000001',
      sms_code: '123456',
      password: 'Abc#1234',
      quota_limit: false,
      total_quota: 0,
      permission: ['Db1'],
    });
    expect(toNewRequest({ ...base, quota_limit: true, total_quota: 9 }).total_quota).toBe(9);
  });

  it('keeps the stored total when the limit is switched off, and never sends an admin’s permissions', () => {
    const c = clerk();
    expect(toUpdateRequest(c, { ...editValues(c), quota_limit: false })).toEqual({
      id: c.id,
      name: '李四',
      permission: ['Aa2'],
      quota_limit: false,
      total_quota: undefined,
    });
    expect(toUpdateRequest(clerk({ is_admin: true }), editValues(clerk({ is_admin: true }))).permission).toBeUndefined();
  });
});
