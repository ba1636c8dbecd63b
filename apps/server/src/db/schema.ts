/** schema gathers every domain's tables for Drizzle and for drizzle-kit's migration generator. */
export * from '../modules/store/store.table.ts';
export * from '../modules/clerk/clerk.table.ts';
export * from '../modules/clerk/distribution-log.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/logs/logs.table.ts';
export * from '../adapters/sms/sms.table.ts';
export * from '../modules/ios-device/ios-device.table.ts';
export * from '../mdm/apple/mdm.table.ts';
export * from '../modules/android-device/android-device.table.ts';
export * from '../mdm/android/android-agent.table.ts';
export * from '../modules/api-key/api-key.table.ts';
export * from '../modules/webhook/webhook.table.ts';
export * from '../modules/wallpaper/wallpaper.table.ts';
export * from '../modules/appstore/appstore.table.ts';
