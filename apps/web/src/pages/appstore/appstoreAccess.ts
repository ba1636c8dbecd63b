import { type AppPlatform, Perm } from '@lease/shared';

/** Whoever sets a platform's app restrictions keeps its part of the library (the server checks the same). */
export const APP_EDIT_PERM: Record<AppPlatform, Perm> = {
  apple: Perm.APPLE_SET_APP_RESTRICTION,
  android: Perm.ANDROID_SET_APP_RESTRICTION,
};
