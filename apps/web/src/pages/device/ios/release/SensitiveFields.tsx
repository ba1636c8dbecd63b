import type { SmsGuardedAction } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { needSmsQuery } from '../../../../api/system.ts';

type Guarded = (typeof SmsGuardedAction)[keyof typeof SmsGuardedAction];

/** useNeedSms asks the server whether this action needs an SMS code too (the store's sms-verify-switch). */
export const useNeedSms = (action: Guarded) => useQuery(needSmsQuery(action)).data?.need ?? false;

/** proofOf picks what the server checks from the form's values. */
export const proofOf = (values: Record<string, unknown>, needSms: boolean) => ({
  password: String(values.password ?? ''),
  ...(needSms ? { sms_code: String(values.sms_code ?? '') } : {}),
});
