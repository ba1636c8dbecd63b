import { searchSmsProof } from '@lease/shared';
import { nextTask } from './nextTask.ts';

/** Tries per slice: some tens of milliseconds of hashing, so the page repaints (the spinner turns) between slices. */
const SLICE = 16_384;

/**
 * solveSmsProof finds the solution of a proof-of-work challenge for a public SMS send (about 2^18 tries at the
 * server's difficulty, under a second on a desktop). It hashes in slices with the server's own check
 * (searchSmsProof in @lease/shared), yielding between them so the page stays responsive.
 */
export async function solveSmsProof(challenge: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  for (let from = 0; ; from += SLICE) {
    signal?.throwIfAborted();
    const solution = searchSmsProof(challenge, difficulty, from, SLICE);
    if (solution !== undefined) return solution;
    await nextTask();
  }
}
