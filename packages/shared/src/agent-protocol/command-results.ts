import { z } from 'zod';
import { text, uuid } from '../schemas/safe-input.ts';
import { LocationReport } from './enrolment.ts';
import { appEntry } from './commands.ts';

export const CommandResult = z.object({
  command_id: uuid,
  status: z.enum(['done', 'failed']),
  /** Why it failed, in Chinese, shown in the operation log. */
  error: text().max(500).optional(),
  data: z
    .object({
      lock_epoch: z.number().int().min(0).optional(),
      location: LocationReport.optional(),
      apps: z.array(appEntry).max(2000).optional(),
      applied: z.array(text()).optional(),
      unsupported: z.array(text()).optional(),
    })
    .optional(),
});
export type CommandResult = z.infer<typeof CommandResult>;

export const CommandResultsRequest = z.object({ results: z.array(CommandResult).min(1).max(100) });
export const CommandsResponse = z.object({ commands: z.array(z.object({ id: z.string(), type: z.string(), payload: z.record(z.string(), z.unknown()) })) });
