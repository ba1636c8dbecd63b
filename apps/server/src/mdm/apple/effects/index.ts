import { coreEffects } from './core.effects.ts';
import type { EffectTable } from './result-effect.ts';

/** mergeEffects joins the areas' tables; effects of one request type run in the order given. */
function mergeEffects(...tables: EffectTable[]): EffectTable {
  const merged: EffectTable = {};
  for (const table of tables) for (const [type, effects] of Object.entries(table)) (merged[type] ??= []).push(...effects);
  return merged;
}

/** RESULT_EFFECTS: every area's answers that change the device record. Add an area's table here. */
export const RESULT_EFFECTS: EffectTable = mergeEffects(coreEffects);
