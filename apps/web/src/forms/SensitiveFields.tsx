import { sendSmsCode } from '../api/system.ts';
import { CallerSecretField } from './CallerSecretField.tsx';
import { SmsCodeField } from './SmsCodeField.tsx';

/** SensitiveFields: the caller's password and, when the store asks for one, an SMS code (DESIGN §4). */
export function SensitiveFields({ needSms }: { needSms?: boolean }) {
  return (
    <>
      <CallerSecretField />
      {needSms && <SmsCodeField send={() => sendSmsCode('sensitive')} />}
    </>
  );
}

/** sensitiveProof is what a command dialog of a sensitive action adds: these fields, sent with the request. */
export const sensitiveProof = (needSms: boolean) => ({
  sendFields: needSms ? ['password', 'sms_code'] : ['password'],
  fields: <SensitiveFields needSms={needSms} />,
});
