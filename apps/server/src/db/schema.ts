/** schema gathers every domain's tables for Drizzle and for drizzle-kit's migration generator. */
export * from '../modules/store/store.table.ts';
export * from '../modules/clerk/clerk.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/logs/logs.table.ts';
export * from '../adapters/sms/sms.table.ts';
export * from '../modules/ios-device/ios-device.table.ts';
export * from '../mdm/apple/mdm.table.ts';
