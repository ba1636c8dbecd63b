import { type ClerkListItem, type ClerkNewRequest, type ClerkUpdateRequest, type PermissionGroup, QUOTA_MAX } from '@lease/shared';
import type { FormRule } from 'antd';

/** ClerkFormValues is what the 新增店员 and 编辑 dialogs hold; new-only fields are absent when editing. */
export interface ClerkFormValues {
  name: string;
  phone_number?: string;
  sms_code?: string;
  password?: string;
  confirm?: string;
  quota_limit: boolean;
  total_quota?: number | null;
  permission: string[];
}

export const newClerkDefaults = (defaultPermission: string[]): ClerkFormValues => ({
  name: '',
  quota_limit: false,
  total_quota: null,
  permission: defaultPermission,
});

/** noPermission: nothing ticked (undefined while the form mounts is not "nothing"). */
export const noPermission = (chosen: readonly string[] | undefined) => chosen !== undefined && chosen.length === 0;

export const NO_PERMISSION_WARNING = '未勾选任何权限：该店员登录后只能看到首页，不能查看或操作任何设备。';

export const editValues = (c: ClerkListItem): ClerkFormValues => ({
  name: c.name,
  quota_limit: c.quota_limit,
  total_quota: c.quota_limit ? c.total_quota : null,
  permission: c.permission,
});

export function toNewRequest(v: ClerkFormValues): ClerkNewRequest {
  return {
    name: v.name.trim(),
    phone_number: v.phone_number!.trim(),
    sms_code: v.sms_code!.trim(),
    password: v.password!,
    quota_limit: v.quota_limit,
    total_quota: v.quota_limit ? (v.total_quota ?? 0) : 0,
    permission: v.permission,
  };
}

/** toUpdateRequest leaves the stored total alone when the limit is switched off, so switching it back restores it. */
export function toUpdateRequest(c: ClerkListItem, v: ClerkFormValues): ClerkUpdateRequest {
  return {
    id: c.id,
    name: v.name.trim(),
    permission: c.is_admin ? undefined : v.permission,
    quota_limit: v.quota_limit,
    total_quota: v.quota_limit ? (v.total_quota ?? 0) : undefined,
  };
}

/**
 * quotaRule mirrors the server: a limited quota is a whole number up to QUOTA_MAX, above 0 for a new clerk
 * (spec §5) and, when editing, not below the devices the clerk already uses.
 */
export function quotaRule(usedQuota?: number): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (!getFieldValue('quota_limit')) return;
      if (value === null || value === undefined) throw new Error('请输入设备额度');
      if (!Number.isInteger(value)) throw new Error('额度应为整数');
      if (value > QUOTA_MAX) throw new Error(`额度不能大于 ${QUOTA_MAX}`);
      if (usedQuota === undefined && value <= 0) throw new Error('限制额度时，额度须大于 0');
      if (usedQuota !== undefined && value < usedQuota) throw new Error(`额度不能低于该店员已使用的 ${usedQuota} 台`);
      if (value < 0) throw new Error('额度不能小于 0');
    },
  });
}

/** groupState is a group's 全选 box: checked when all its codes are chosen, indeterminate when some are. */
export function groupState(group: PermissionGroup, selected: readonly string[]) {
  const n = group.items.filter((i) => selected.includes(i.code)).length;
  return { checked: n === group.items.length, indeterminate: n > 0 && n < group.items.length };
}

/** toggleGroup adds or removes a whole group's codes, keeping the others' order. */
export function toggleGroup(group: PermissionGroup, selected: readonly string[], on: boolean): string[] {
  const codes = new Set<string>(group.items.map((i) => i.code));
  const rest = selected.filter((c) => !codes.has(c));
  return on ? [...rest, ...codes] : rest;
}

/** permissionSummary is the list cell: the labels of the chosen codes, grouped. */
export function permissionSummary(groups: readonly PermissionGroup[], selected: readonly string[]) {
  return groups.map((g) => ({ label: g.label, items: g.items.filter((i) => selected.includes(i.code)).map((i) => i.label) })).filter((g) => g.items.length > 0);
}
