import type { AndroidOperationName } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { smsVerifySwitchQuery } from '../../../../api/store.ts';
import { androidKeys, sendAndroidOperation } from '../../../../api/androidDevice.ts';
import { type CommandOptions, useCommandMutation } from '../../ios/commands/useDeviceCommand.ts';

/** AndroidDeviceRef names the phone a dialog acts on. */
export interface AndroidDeviceRef {
  id: string;
  name: string;
  /** IMEI or serial: what the clerk can read off the phone. */
  ident: string;
}

export const androidTitle = (d: AndroidDeviceRef) => (d.ident ? `${d.name}（${d.ident}）` : d.name);

/** useAndroidOperation sends one operation of one phone with the dialog's Idempotency-Key (useCommandMutation). */
export function useAndroidOperation(deviceId: string, name: AndroidOperationName, options: CommandOptions = {}) {
  return useCommandMutation((body: Record<string, unknown> | undefined, key: string) => sendAndroidOperation(deviceId, name, body, key), {
    ...options,
    root: androidKeys.all,
  });
}

/** useNeedSms: whether the store's sms-verify-switch asks sensitive actions for an SMS code too. */
export function useNeedSms(): boolean {
  return useQuery(smsVerifySwitchQuery).data?.enabled ?? false;
}
