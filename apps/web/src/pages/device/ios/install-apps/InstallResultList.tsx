import { LoadingOutlined } from '@ant-design/icons';
import { type InstallAppResult, OperationStatus, operationStatusLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { List, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { operationQuery } from '../../../../api/iosNetwork.ts';
import { operationStatusColor } from '../../../security/operation-log/operationStatus.ts';

/** LiveStatus follows one app's own install operation until the phone has answered it. */
function LiveStatus({ operationId }: { operationId: string }) {
  const op = useQuery(operationQuery(operationId));
  if (!op.data) return <Tag icon={<LoadingOutlined />}>已提交</Tag>;
  const { status, result } = op.data;
  const running = status === OperationStatus.QUEUED || status === OperationStatus.SENT;
  return (
    <>
      <Tag color={operationStatusColor(status)} icon={running ? <LoadingOutlined /> : undefined}>
        {operationStatusLabel[status as OperationStatus] ?? status}
      </Tag>
      {result && <Typography.Text type={status === OperationStatus.FAILED ? 'danger' : 'secondary'}>{result}</Typography.Text>}
    </>
  );
}

/** InstallResultList is what happened to each app sent: refused at once with the reason, or its live install. */
export function InstallResultList({ results }: { results: InstallAppResult[] }) {
  return (
    <List
      size="small"
      dataSource={results}
      rowKey={(r) => r.bundle_id}
      renderItem={(r) => (
        <List.Item>
          <List.Item.Meta title={r.app_name} description={r.bundle_id} />
          <div style={{ maxWidth: 300, textAlign: 'right' }}>
            {r.status === 'refused' ? (
              <>
                <Tag color="error">未下发</Tag>
                <Typography.Text type="danger">{r.reason}</Typography.Text>
              </>
            ) : (
              <LiveStatus operationId={r.operation_log_id} />
            )}
          </div>
        </List.Item>
      )}
    />
  );
}
