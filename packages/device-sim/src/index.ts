export * from './apns/mock-apns-server.ts';
export { startMockItunes, type MockItunes, type MockItunesFault, type MockItunesOptions } from './itunes/mock-itunes-server.ts';
export { ITUNES_CATALOG, type StandInApp } from './itunes/itunes-catalog.ts';
export { GDMF_RELEASES, startMockGdmf, type GdmfRelease, type MockGdmf, type MockGdmfFault, type MockGdmfOptions } from './gdmf/mock-gdmf-server.ts';
export {
  startMockEscrowUnlock,
  type MockEscrowUnlock,
  type MockEscrowUnlockOptions,
  type EscrowUnlockAttempt,
  type AbmLockBook,
} from './activation-lock/mock-escrow-unlock-server.ts';

export { SimulatedIphone, createSimulatedIphone, type PushNotice, type PushSource, type SimulatedIphoneOptions } from './ios/simulated-iphone.ts';
export type { IphoneSnapshot } from './ios/device-snapshot.ts';
export type { DeviceOptions, GeoLocation, InstalledApp, SimCardOptions, EnrollmentStatus, UnenrollReason, CommandLogEntry } from './ios/device-state.ts';
export { EnrollmentError, type EnrollmentResult, type EnrollmentStep } from './ios/enrolment.ts';
export type { CommandEvent, SessionResult, SessionEnd } from './ios/mdm-session.ts';
export type { ErrorChainItem, SettingsResultShape } from './ios/command-handlers/index.ts';
export { createSimFleet, type FleetStats, type SimFleet, type SimFleetOptions } from './ios/sim-fleet.ts';
export { createKeyPool, type KeyPool } from './ios/key-pool.ts';
export { type FetchLike, type HttpOutcome, MDM_CONTENT_TYPE, UNRECOGNIZED_DEVICE } from './ios/transport.ts';
export { fetchViaInject, type InjectTarget } from './ios/fetch-via-inject.ts';
export { CARRIERS, CHINESE_APPS, IOS_RELEASES, IPHONE_MODELS, type CarrierCode, type ModelSpec } from './ios/device-catalog.ts';
export {
  IOS_CATALOGUE,
  compareVersions,
  firstIosOf,
  modelRuns,
  offeredReleases,
  type IosCatalogueRelease,
  type OfferQuery,
} from './ios/ddm/ios-releases.ts';
export type { BatteryHealth, DeclarationStatus, InstallState, LegacyUpdateCommand, SentStatusReport } from './ios/ddm/ddm-state.ts';
export type { DdmSnapshot } from './ios/ddm/ddm-snapshot.ts';
export { isLuhnValid, luhnCheckDigit, randomIccid, randomImei, randomPhoneNumber, randomSerialNumber, randomUdid } from './ios/device-identifiers.ts';
export { generateDeviceKey } from './ios/identity.ts';

export {
  SimulatedAndroidAgent,
  createSimulatedAndroidAgent,
  AgentRefused,
  type LockScreenView,
  type SimulatedAgentOptions,
} from './android/simulated-agent.ts';
export { ANDROID_MODELS, CHINESE_ANDROID_APPS, type AndroidModel } from './android/android-catalog.ts';
export { createBackoff, type Backoff, type BackoffOptions } from './android/backoff.ts';
export { createAgentFleet, type AgentFleet, type AgentFleetOptions } from './android/agent-fleet.ts';

export {
  startMockDep,
  type MockDep,
  type MockDepDeviceInit,
  type MockDepFault,
  type MockDepOptions,
  type MockDepRecord,
  type MockDepServer,
} from './dep/mock-dep-server.ts';
export { serverTokenP7m, selfSignedCertificatePem } from './dep/server-token.ts';
export { depMachineInfo, DEP_MACHINE_INFO_CONTENT_TYPE, type MachineInfo as DepMachineInfo } from './dep/machine-info.ts';

export { startMockAliyunSms } from './sms/mock-aliyun-sms-server.ts';
export { startMockTencentSms, type MockTencentSmsOptions } from './sms/mock-tencent-sms-server.ts';
export type { DeliveredSms, SmsStandIn, SmsStandInFault, SmsStandInOptions } from './sms/sms-standin.ts';
export {
  SYNTHETIC_FAILURE_PREFIX,
  SYNTHETIC_FAILURE_REASON,
  isSyntheticBlacklisted,
  scoreOf,
  syntheticBlacklist,
  syntheticReport,
} from './credit/synthetic-credit.ts';
export { SIGNATURE_WINDOW_SECONDS, freshTimestamp, safeEqualHex, sha256Hex, signCallback, signRequest } from './credit/signing.ts';
export { startCreditStandIn, type CreditStandIn, type CreditStandInOptions } from './credit/credit-stand-in.ts';
