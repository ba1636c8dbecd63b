export * from './apns/mock-apns-server.ts';
