import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Skeleton } from 'antd';
import { abmInfoQuery } from '../../../api/abm.ts';
import { Panel } from '../../../components/Panel.tsx';
import { AbmDeviceTable } from './AbmDeviceTable.tsx';
import { AbmServerState } from './AbmServerState.tsx';
import { AbmSetupSteps } from './AbmSetupSteps.tsx';

/**
 * AbmTokenPage is 更新 ABM 令牌 (admin only): connect the store's Apple Business Manager so its phones enrol
 * supervised on first start (Automated Device Enrollment), see the token's state and the synced devices.
 */
export default function AbmTokenPage() {
  const { data: info, error } = useQuery(abmInfoQuery);
  return (
    <Flex vertical gap={16}>
      <Panel title="Apple 商务管理（ABM）服务器令牌">
        {error && <Alert type="error" showIcon title="读取 ABM 状态失败，请刷新重试" />}
        {!info && !error && <Skeleton active />}
        {info && <AbmServerState info={info} />}
      </Panel>
      <Panel title="接入步骤">
        <AbmSetupSteps uploaded={info?.uploaded ?? false} />
      </Panel>
      {info?.uploaded && (
        <Panel title="ABM 设备">
          <AbmDeviceTable />
        </Panel>
      )}
    </Flex>
  );
}
