// Report levels, states and messages, apart from the request schemas: a page that shows a level does not load zod.

export const REPORT_LEVELS = ['basic', 'advanced', 'professional'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
/** Levels a store can order today; professional shows 即将推出，敬请期待. */
export const ORDERABLE_REPORT_LEVELS = ['basic', 'advanced'] as const;
export type OrderableReportLevel = (typeof ORDERABLE_REPORT_LEVELS)[number];
export const reportLevelLabel: Record<ReportLevel, string> = { basic: '基础版', advanced: '进阶版', professional: '专业版' };

export const REPORT_STATUSES = ['pending', 'success', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const reportStatusLabel: Record<ReportStatus, string> = { pending: '查询中', success: '已完成', failed: '查询失败' };

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const riskLevelLabel: Record<RiskLevel, string> = { low: '低风险', medium: '中风险', high: '高风险' };

/** Shown beside anything the offline sandbox provider made up. */
export const SANDBOX_LABEL = '沙箱数据';

export const reportMsg = {
  idCard: '身份证格式有误',
  level: '报告等级有误',
  chineseName: '姓名只允许使用中文字符',
  name: '姓名至少 2 个字符',
  secretKey: '密钥长度有误',
  authorised: '请确认已取得租机人的查询授权',
  date: '日期格式应为 YYYY-MM-DD',
  dateRange: '开始日期不能晚于结束日期',
  balance: '余额不足',
  rcsCount: '风控查询次数不足',
  professional: '专业版报告即将推出，敬请期待',
  refreshKey: '刷新报告需要 idempotency_key（8-64 位字母、数字、_ 或 -），以免重试时重复扣费',
} as const;
