/**
 * The spec §5 patterns and their messages, with no zod: the console's first pages import this file
 * alone (`@lease/shared/patterns`) so the login page does not download the schema library.
 */
export const PHONE_RE = /^1\d{10}$/;
export const PASSWORD_RE = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{6,16}$/;
export const SMS_CODE_RE = /^\d{6}$/;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const msg = {
  phone: '请输入正确的手机号',
  password: '密码为 6-16 位字母、数字或常用符号',
  weakPassword: '密码过于简单，请换一个',
  smsCode: '验证码为 6 位数字',
  pageSize: '每页条数应在 1-50 之间',
  pageNum: '页码应为非负整数',
  required: '此项为必填项',
} as const;
