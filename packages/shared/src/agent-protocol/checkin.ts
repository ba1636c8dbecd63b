import { z } from 'zod';
import { isoDateTime, text } from '../schemas/safe-input.ts';
import { DeviceFacts, LocationReport, SimReport } from './enrolment.ts';
import { appEntry } from './commands.ts';

export const PasscodeUse = z.object({
  purpose: z.enum(['unlock', 'deregulate']),
  challenge: text().regex(/^\d{8}$/),
  lock_epoch: z.number().int().min(0),
  grant_days: z.number().int().min(0).max(30).default(0),
  used_at: isoDateTime,
});
export type PasscodeUse = z.infer<typeof PasscodeUse>;

/** LockState is what the phone's screen is: locked by command, self-locked (offline or lease overdue), or unlocked. */
export const LockState = z.object({
  locked: z.boolean(),
  epoch: z.number().int().min(0),
  /**
   * 'offline' = the agent locked itself after store.android_offline_lock_hours without reaching the server;
   * 'lease-overdue' = it locked itself when its lease plan's `lock_at` passed (AgentPolicy.lease).
   */
  reason: z.enum(['command', 'offline', 'lease-overdue', 'none']).default('none'),
  since: isoDateTime.optional(),
});

export const CheckinRequest = z.object({
  facts: DeviceFacts.partial().optional(),
  sims: z.array(SimReport).max(2).optional(),
  location: LocationReport.optional(),
  installed_apps: z.array(appEntry).max(2000).optional(),
  lock_state: LockState,
  regulated: z.boolean().optional(),
  /** The policy version the agent has applied. */
  policy_version: z.number().int(),
  /** Offline codes used since the last successful check-in. */
  passcode_uses: z.array(PasscodeUse).max(100).default([]),
  restriction_report: z.object({ applied: z.array(text()), unsupported: z.array(text()) }).optional(),
});
export type CheckinRequest = z.input<typeof CheckinRequest>;

export const CheckinResponse = z.object({ policy_version: z.number().int(), pending_commands: z.number().int(), server_time: z.string() });
export type CheckinResponse = z.infer<typeof CheckinResponse>;
