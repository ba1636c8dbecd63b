import type { SmsGuardedAction } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { needSmsQuery } from '../../../../api/system.ts';
import { sendSmsCode } from '../../../../api/system.ts';
import { CallerSecretField } from '../../../../forms/CallerSecretField.tsx';
import { SmsCodeField } from '../../../../forms/SmsCodeField.tsx';

type Guarded = (typeof SmsGuardedAction)[keyof typeof SmsGuardedAction];

/** useNeedSms asks the server whether this action needs an SMS code too (the store's sms-verify-switch). */
export const useNeedSms = (action: Guarded) => useQuery(needSmsQuery(action)).data?.need ?? false;

/** SensitiveFields: the caller's password and, when the store asks for one, an SMS code (DESIGN §4). */
export function SensitiveFields({ needSms }: { needSms: boolean }) {
  return (
    <>
      <CallerSecretField />
      {needSms && <SmsCodeField send={() => sendSmsCode('sensitive')} />}
    </>
  );
}

/** proofOf picks what the server checks from the form's values. */
export const proofOf = (values: Record<string, unknown>, needSms: boolean) => ({
  password: String(values.password ?? ''),
  ...(needSms ? { sms_code: String(values.sms_code ?? '') } : {}),
});
