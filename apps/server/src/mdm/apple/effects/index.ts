import type { EffectTable } from './result-effect.ts';

/**
 * mergeEffects joins the areas' tables; effects of one request type run in the order given. The engine merges its
 * own core table with the one the composition root hands it (the feature modules' ios-effects.ts), so the engine never imports
 * the feature modules that build on it.
 */
export function mergeEffects(...tables: EffectTable[]): EffectTable {
  const merged: EffectTable = {};
  for (const table of tables) for (const [type, effects] of Object.entries(table)) (merged[type] ??= []).push(...effects);
  return merged;
}
