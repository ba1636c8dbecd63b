import type { Job } from '../../jobs/scheduler.ts';
import type { ApiKeyRepo } from '../api-key/api-key.repo.ts';
import { SIGNATURE_WINDOW_SECONDS } from '../../domain/signature.ts';

/**
 * nonceCleanupJob forgets nonces once their timestamps can no longer pass the ±300 s check (kept a little longer
 * than the whole window), so the ledger stays small and a replay is still refused by the clock.
 */
export const nonceCleanupJob = (repo: ApiKeyRepo): Job => ({
  name: 'open-api-nonce-cleanup',
  everyMs: 60_000,
  run: () => repo.pruneNonces(new Date(Date.now() - 3 * SIGNATURE_WINDOW_SECONDS * 1000)),
});
