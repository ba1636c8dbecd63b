import type { DeviceFaults } from '../device-faults.ts';
import { applicationHandlers } from './applications.ts';
import { type CommandContext, type CommandOutcome, type HandlerTable, failed } from './command-outcome.ts';
import { declarativeManagementHandlers } from './declarative-management.ts';
import { deviceActionHandlers } from './device-actions.ts';
import { informationHandlers } from './information.ts';
import { lostModeHandlers } from './lost-mode.ts';
import { MdmErrors } from './mdm-errors.ts';
import { osUpdateHandlers } from './os-updates.ts';
import { profileHandlers } from './profiles.ts';
import { settingsHandlers } from './settings.ts';

/** COMMAND_HANDLERS: every RequestType the simulated iPhone understands, one family per file. */
export const COMMAND_HANDLERS: HandlerTable = {
  ...informationHandlers,
  ...applicationHandlers,
  ...profileHandlers,
  ...lostModeHandlers,
  ...deviceActionHandlers,
  ...settingsHandlers,
  ...osUpdateHandlers,
  ...declarativeManagementHandlers,
};

/**
 * runCommand decides a command as iOS does: faults first (a locked screen defers), then unknown types and
 * supervised-only commands on an unsupervised phone fail with 12021, then the handler runs.
 */
export async function runCommand(context: CommandContext, faults: DeviceFaults): Promise<CommandOutcome> {
  const forced = faults.forcedOutcome(context.requestType);
  if (forced) return forced;
  const spec = COMMAND_HANDLERS[context.requestType];
  if (!spec) return failed(MdmErrors.unknownCommand(context.requestType));
  if (spec.supervisedOnly && !context.state.supervised) return failed(MdmErrors.notValidRequestType(context.requestType));
  return spec.run(context);
}

export type { CommandOutcome, ErrorChainItem, AfterEffect, SettingsResultShape } from './command-outcome.ts';
