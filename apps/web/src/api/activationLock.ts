import type { ActivationLockPassword, ActivationLockRequest, ActivationLockResult, ActivationLockState } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';
import { iosKeys } from './iosDevice.ts';

const COMMAND = '/api/device/ios/command';

/** activationLockStateQuery is what the three dialogs say before asking for a password (codes held, why not now). */
export const activationLockStateQuery = (deviceId: string) =>
  queryOptions({
    queryKey: [...iosKeys.device(deviceId), 'activation-lock'],
    queryFn: () => api.get<ActivationLockState>('/api/device/ios/helper/activation-lock', { query: { device_id: deviceId } }),
  });

/** The calls are silent: the dialog shows a wrong password at its field and Apple's refusal in itself. */
export const turnOnActivationLock = (body: ActivationLockRequest, idempotencyKey: string) =>
  api.post<ActivationLockResult>(`${COMMAND}/turn-on-activation-lock`, body, { headers: { 'Idempotency-Key': idempotencyKey }, silent: true });

export const turnOffActivationLock = (body: ActivationLockRequest, idempotencyKey: string) =>
  api.post<ActivationLockResult>(`${COMMAND}/turn-off-activation-lock`, body, { headers: { 'Idempotency-Key': idempotencyKey }, silent: true });

export const getActivationLockPassword = (body: ActivationLockRequest) =>
  api.post<ActivationLockPassword>(`${COMMAND}/get-activation-lock-password`, body, { silent: true });
