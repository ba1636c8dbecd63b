import { PlatformOperationLog } from './PlatformOperationLog.tsx';

/** AndroidOperationLogPage: the store's operations on Android devices, a clerk's own without Db1. */
export default function AndroidOperationLogPage() {
  return <PlatformOperationLog platform="android" />;
}
