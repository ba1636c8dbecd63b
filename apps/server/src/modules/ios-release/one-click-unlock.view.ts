import { type OneClickRunView, oneClickStepLabel } from '@lease/shared';
import type { RunWithSteps } from './one-click-unlock.repo.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** toRunView is a run as the console shows it: its steps in order with their state and reason. */
export function toRunView(run: RunWithSteps): OneClickRunView {
  return {
    id: run.id,
    device_id: run.deviceId,
    mode: run.mode,
    status: run.status,
    operation_log_id: run.operationLogId,
    date_created: run.dateCreated.toISOString(),
    date_updated: run.dateUpdated.toISOString(),
    steps: run.steps.map((s) => ({
      step: s.step,
      label: oneClickStepLabel[s.step],
      status: s.status,
      operation_log_id: s.operationLogId,
      reason: s.reason,
      started_at: iso(s.startedAt),
      finished_at: iso(s.finishedAt),
    })),
  };
}
