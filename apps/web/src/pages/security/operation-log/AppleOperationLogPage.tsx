import { PlatformOperationLog } from './PlatformOperationLog.tsx';

/** AppleOperationLogPage: the store's operations on Apple devices (Db1). */
export default function AppleOperationLogPage() {
  return <PlatformOperationLog platform="ios" />;
}
