import { mergeEffects } from '../mdm/apple/effects/index.ts';
import type { EffectTable } from '../mdm/apple/effects/result-effect.ts';
import { activationLockEffects } from './activation-lock/activation-lock.effects.ts';
import { installAppsEffects } from './ios-apps/install-apps.effects.ts';
import { networkEffects } from './ios-network/network.effects.ts';
import { releaseEffects } from './ios-release/release.effects.ts';
import { restrictionEffects } from './ios-restriction/ios-restriction.effects.ts';
import { lockIntentEffects } from './lock-intent/lock-intent.effects.ts';
import { settingsEffects } from './ios-settings/ios-settings.effects.ts';

/**
 * IOS_MODULE_EFFECTS: every feature module's answers that change the device record. The composition root (app.ts)
 * hands this table to the Apple engine, which adds its own core effects; add an area's table here.
 */
export const IOS_MODULE_EFFECTS: EffectTable = mergeEffects(
  networkEffects,
  installAppsEffects,
  restrictionEffects,
  settingsEffects,
  releaseEffects,
  activationLockEffects,
  lockIntentEffects,
);
