import { Perm } from '@lease/shared';

/** Whoever may set wallpapers on Apple or Android phones keeps the library (the server checks the same). */
export const WALLPAPER_EDIT = { perms: [Perm.APPLE_SET_WALLPAPER, Perm.ANDROID_SET_WALLPAPER], mode: 'any' as const };
