import type {
  CommandAnswer,
  IosEraseRequest,
  IosReleaseRequest,
  OneClickMode,
  OneClickPrevalidation,
  OneClickStatusResponse,
  OneClickUnlockRequest,
} from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';
import { iosKeys } from './iosDevice.ts';

const COMMAND = '/api/device/ios/command';
const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey }, silent: true });

/** An operation Apple's web service finished at once (ABM unbind), with its result in Chinese. */
export type FinishedOperation = CommandAnswer & { result: string };

/*
 * Releasing an Apple device. The calls are silent: the dialogs show a wrong password at its field and any other
 * refusal in themselves.
 */
export const eraseDevice = (body: IosEraseRequest, idempotencyKey: string) => api.post<CommandAnswer>(`${COMMAND}/erase`, body, keyed(idempotencyKey));
export const abmUnbind = (body: IosReleaseRequest, idempotencyKey: string) => api.post<FinishedOperation>(`${COMMAND}/abm-unbind`, body, keyed(idempotencyKey));
export const removeMainProfile = (body: IosReleaseRequest, idempotencyKey: string) =>
  api.post<CommandAnswer>(`${COMMAND}/remove-main-profile`, body, keyed(idempotencyKey));

export const oneClickKeys = {
  prevalidation: (deviceId: string, mode: OneClickMode) => [...iosKeys.device(deviceId), 'one-click-unlock', 'prevalidation', mode] as const,
  run: (deviceId: string) => [...iosKeys.device(deviceId), 'one-click-unlock', 'run'] as const,
};

/** oneClickPrevalidationQuery: which steps will run for this choice, which are skipped and which cannot run. */
export const oneClickPrevalidationQuery = (deviceId: string, mode: OneClickMode) =>
  queryOptions({
    queryKey: oneClickKeys.prevalidation(deviceId, mode),
    queryFn: () => api.post<OneClickPrevalidation>(`${COMMAND}/one-click-unlock-prevalidation`, { device_id: deviceId, mode }),
    staleTime: 0,
  });

/** oneClickRunQuery: the device's newest run; each read also moves a running run on (server side). */
export const oneClickRunQuery = (deviceId: string) =>
  queryOptions({
    queryKey: oneClickKeys.run(deviceId),
    queryFn: () => api.post<OneClickStatusResponse>(`${COMMAND}/one-click-unlock-status`, { device_id: deviceId }),
  });

export const startOneClickUnlock = (body: OneClickUnlockRequest, idempotencyKey: string) =>
  api.post<OneClickStatusResponse>(`${COMMAND}/one-click-unlock`, body, keyed(idempotencyKey));
export const resumeOneClickUnlock = (body: IosReleaseRequest) => api.post<OneClickStatusResponse>(`${COMMAND}/one-click-unlock-resume`, body, { silent: true });
