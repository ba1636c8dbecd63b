import { coreEffects } from './core.effects.ts';
import { installAppsEffects } from '../../../modules/ios-apps/install-apps.effects.ts';
import { networkEffects } from '../../../modules/ios-network/network.effects.ts';
import type { EffectTable } from './result-effect.ts';
import { restrictionEffects } from '../../../modules/ios-restriction/ios-restriction.effects.ts';
import { settingsEffects } from '../../../modules/ios-settings/ios-settings.effects.ts';
import { releaseEffects } from '../../../modules/ios-release/release.effects.ts';
import { activationLockEffects } from '../../../modules/activation-lock/activation-lock.effects.ts';

/** mergeEffects joins the areas' tables; effects of one request type run in the order given. */
function mergeEffects(...tables: EffectTable[]): EffectTable {
  const merged: EffectTable = {};
  for (const table of tables) for (const [type, effects] of Object.entries(table)) (merged[type] ??= []).push(...effects);
  return merged;
}

/** RESULT_EFFECTS: every area's answers that change the device record. Add an area's table here. */
export const RESULT_EFFECTS: EffectTable = mergeEffects(coreEffects, networkEffects, installAppsEffects, restrictionEffects, settingsEffects, releaseEffects, activationLockEffects);
