import { RouteTabs } from '../../../components/RouteTabs.tsx';

/** OperationLogPage holds the Apple and Android operation logs as tabs. */
export default function OperationLogPage() {
  return <RouteTabs parent="console-security-operation-log" />;
}
