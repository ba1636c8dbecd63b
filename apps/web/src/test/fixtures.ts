import { ALL_MODULES, Perm, type UserInfo } from '@lease/shared';

/** clerk is a signed-in non-admin clerk with both device modules and no permissions, unless overridden. */
export function clerk(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: '张三',
    phone_number: '13800000001',
    is_admin: false,
    store: { id: '00000000-0000-4000-8000-0000000000aa', store_name: '测试门店' },
    available_modules: ['apple', 'android'],
    permission: [],
    has_secondary_password: false,
    ...overrides,
  };
}

/** admin holds the Admin permission and every module. */
export const admin = (overrides: Partial<UserInfo> = {}) =>
  clerk({ name: '管理员', is_admin: true, permission: [Perm.ADMIN], available_modules: [...ALL_MODULES], ...overrides });
