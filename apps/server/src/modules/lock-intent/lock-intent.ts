import type { LockIntent } from '../../domain/ios-device.table.ts';
import type { LostModeText } from '../../mdm/apple/commands.ts';

export type { LockIntent };

/** lockIntentOf is the store's lock as a console lock or a fired schedule asked for it, from now on. */
export function lockIntentOf(req: { message?: string; phone_number?: string; footnote?: string }, now = new Date()): LockIntent {
  const intent: LockIntent = { message: req.message ?? '', since: now.toISOString() };
  if (req.phone_number) intent.phone_number = req.phone_number;
  if (req.footnote) intent.footnote = req.footnote;
  return intent;
}

/** lostModeText is the EnableLostMode lock screen of an intent: the same message, phone number and footnote each time. */
export const lostModeText = (intent: LockIntent): LostModeText =>
  ({ message: intent.message, phoneNumber: intent.phone_number || undefined, footnote: intent.footnote || undefined }) as LostModeText;

/** Why the server locked a phone again on its own; each reason has the text the operation log and the console show. */
export const RelockReason = { REENROLLED: 're-enrolled', REPORTED_UNLOCKED: 'reported-unlocked' } as const;
export type RelockReason = (typeof RelockReason)[keyof typeof RelockReason];

export const relockResultText: Record<RelockReason, string> = {
  're-enrolled': '设备被抹掉后重新注册，已自动重新锁定',
  'reported-unlocked': '设备报告已退出丢失模式，已自动重新锁定',
};

/** RELOCK_ACTION is the operation-log action of a lock the server sent again by itself (no clerk). */
export const RELOCK_ACTION = 'relock';
