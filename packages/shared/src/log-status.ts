// The logs' states and their labels, apart from the query schemas: a page that shows a state does not load zod.

/** LoginStatus is the outcome of one login attempt, kept in the login log. */
export const LoginStatus = {
  SUCCESS: 0,
  WRONG_PASSWORD: 1,
  UNKNOWN_ACCOUNT: 2,
  DISABLED: 3,
  THROTTLED: 4,
} as const;
export type LoginStatus = (typeof LoginStatus)[keyof typeof LoginStatus];

export const loginStatusLabel: Record<LoginStatus, string> = {
  0: '登录成功',
  1: '密码错误',
  2: '账号不存在',
  3: '账号已停用',
  4: '尝试过多被拒绝',
};

/** OperationStatus follows a device command from the click to the phone's answer. */
export const OperationStatus = {
  QUEUED: 0,
  SENT: 1,
  DONE: 2,
  FAILED: 3,
  CANCELLED: 4,
  SCHEDULED: 5,
} as const;
export type OperationStatus = (typeof OperationStatus)[keyof typeof OperationStatus];

export const operationStatusLabel: Record<OperationStatus, string> = {
  0: '排队中',
  1: '已下发',
  2: '已完成',
  3: '失败',
  4: '已取消',
  5: '已预约',
};
