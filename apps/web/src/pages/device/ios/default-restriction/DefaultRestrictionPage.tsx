import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Skeleton } from 'antd';
import { defaultRestrictionQuery } from '../../../../api/store.ts';
import { useUser } from '../../../../auth/useUser.ts';
import { Panel } from '../../../../components/Panel.tsx';
import { AppRestrictionPanel } from './AppRestrictionPanel.tsx';
import { SystemRestrictionPanel } from './SystemRestrictionPanel.tsx';

/** DefaultRestrictionPage is the store's default Apple restrictions; clerks other than admins see them read-only. */
export default function DefaultRestrictionPage() {
  const user = useUser();
  const defaults = useQuery(defaultRestrictionQuery);
  const readOnly = !user.is_admin;

  if (!defaults.data) {
    return (
      <Panel title="Apple 默认限制">
        <Skeleton active />
      </Panel>
    );
  }
  return (
    <Flex vertical gap={16}>
      {readOnly && <Alert type="info" showIcon title="门店默认限制由管理员设置，你可以查看当前设置。" />}
      <SystemRestrictionPanel saved={defaults.data.system_restriction} readOnly={readOnly} />
      <AppRestrictionPanel saved={defaults.data.app_restriction} readOnly={readOnly} />
    </Flex>
  );
}
