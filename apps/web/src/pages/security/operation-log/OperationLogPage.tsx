import { Panel } from '../../../components/Panel.tsx';
import { RouteTabs } from '../../../components/RouteTabs.tsx';

/** OperationLogPage holds the Apple and Android operation logs as tabs (spec §2 children; Apple needs Db1). */
export default function OperationLogPage() {
  return (
    <Panel title="操作日志">
      <RouteTabs parent="console-security-operation-log" />
    </Panel>
  );
}
