/** Module is a product area a store has bought (spec §1, user info available_modules). */
export const Module = {
  APPLE: 'apple',
  ANDROID: 'android',
  APPLE_GLOBAL_HTTP_PROXY: 'apple-global-http-proxy',
  REPORT_BASIC: 'report-basic',
  REPORT_ADVANCED: 'report-advanced',
  REPORT_PROFESSIONAL: 'report-professional',
  EARLY_ACCESS: 'early-access',
} as const;
export type Module = (typeof Module)[keyof typeof Module];

export const ALL_MODULES = Object.values(Module) as Module[];

export const moduleLabel: Record<Module, string> = {
  apple: 'Apple 设备管理',
  android: 'Android 设备管理',
  'apple-global-http-proxy': 'Apple 全局 HTTP 代理',
  'report-basic': '基础版报告',
  'report-advanced': '进阶版报告',
  'report-professional': '专业版报告',
  'early-access': '抢先体验',
};

/** Modules a newly registered store starts with; the operator grants the rest. */
export const DEFAULT_STORE_MODULES: Module[] = [Module.APPLE, Module.ANDROID, Module.REPORT_BASIC];
