/**
 * The spec §5 patterns and their messages, with no zod: the console's first pages import this file
 * alone (`@lease/shared/patterns`) so the login page does not download the schema library.
 */
export const PHONE_RE = /^1\d{10}$/;
export const PASSWORD_RE = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]{6,16}$/;
export const SMS_CODE_RE = /^\d{6}$/;
/**
 * A contact phone shown on a locked phone's screen: a mobile number, a 400/800 service number or a
 * landline with its area code (0755-12345678, 010 1234 5678, optional -extension). Spaces and hyphens
 * between the digit groups are allowed.
 */
export const CONTACT_PHONE_RE = /^(?:1\d{10}|[48]00[- ]?\d{3}[- ]?\d{4}|0\d{2,3}[- ]?\d{7,8}(?:-\d{1,6})?)$/;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const msg = {
  phone: '请输入正确的手机号',
  contactPhone: '联系电话应为手机号、400/800 号码或带区号的固定电话',
  password: '密码为 6-16 位字母、数字或常用符号',
  weakPassword: '密码过于简单，请换一个',
  smsCode: '验证码为 6 位数字',
  pageSize: '每页条数应在 1-50 之间',
  pageNum: '页码应为非负整数',
  required: '此项为必填项',
} as const;
