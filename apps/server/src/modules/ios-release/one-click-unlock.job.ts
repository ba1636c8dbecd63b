import type { Job } from '../../jobs/scheduler.ts';
import type { OneClickUnlockService } from './one-click-unlock.service.ts';

/**
 * oneClickUnlockJob moves running one-click unlocks on when nobody is watching them: a step's phone answered,
 * or a web-service step finished. Every move is a conditional UPDATE, so several processes may run it at once.
 */
export const oneClickUnlockJob = (service: OneClickUnlockService): Job => ({
  name: 'one-click-unlock-advance',
  everyMs: 2_000,
  run: () => service.advanceRunning(),
});
