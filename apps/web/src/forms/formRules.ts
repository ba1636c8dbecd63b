import type { FormInstance, FormRule } from 'antd';
import { api, isApiError } from '../api/index.ts';

/** SafeParser is the part of a zod schema a form rule needs, so forms reuse the shared schemas. */
interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** schemaRule checks a filled-in field against a shared schema; emptiness is left to `required`. */
export function schemaRule(schema: SafeParser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式有误');
    },
  };
}

export const required = (message: string): FormRule => ({ required: true, whitespace: true, message });

/** sameAs makes a confirmation field match another field of the form. */
export function sameAs(field: string, message = '两次输入的密码不一致'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}

/**
 * showFormError puts a failed submit's field errors next to the fields (the call was silent) and
 * toasts anything else the same way the client would have.
 */
export function showFormError(form: FormInstance, err: unknown) {
  if (!isApiError(err)) throw err;
  const known = new Set(Object.keys(form.getFieldsValue(true)));
  const fields = (err.errors ?? []).filter((e) => known.has(e.field));
  if (fields.length > 0) form.setFields(fields.map((e) => ({ name: e.field, errors: [e.message] })));
  else api.report(err);
}
