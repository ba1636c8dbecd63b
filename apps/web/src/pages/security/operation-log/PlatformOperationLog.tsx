import { operationActionLabel, operationLogListQuery, Perm, type OperationLogItem, type OperationLogListQuery } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Tag, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { Link } from 'react-router';
import { storeOperationLogQuery, type OperationLogPlatform } from '../../../api/logs.ts';
import { usePermission } from '../../../auth/usePermission.tsx';
import { formatDateTime } from '../../../lib/time.ts';
import { LogTable } from '../login-log/LogTable.tsx';
import { LogFilterBar } from '../login-log/LogFilterBar.tsx';
import { useLogSearch } from '../login-log/logSearch.ts';
import { OPERATION_STATUS_OPTIONS, operationStatusColor, operationStatusText, operatorName } from './operationStatus.ts';

const ACTION_OPTIONS = Object.entries(operationActionLabel).map(([value, label]) => ({ value, label }));

function columns(platform: OperationLogPlatform): TableColumnsType<OperationLogItem> {
  return [
    {
      title: '设备',
      key: 'device',
      width: 200,
      render: (_, r) =>
        r.device_id && r.device_serial ? (
          <>
            <Link to={`/console/device/${platform}/${r.device_id}`}>{r.device_serial}</Link>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {[r.device_model, r.device_hirer ? `租机人 ${r.device_hirer}` : '未登记租机人'].filter(Boolean).join(' · ')}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{r.device_id ? '设备已删除' : '—'}</Typography.Text>
        ),
    },
    { title: '操作人', key: 'operator', width: 110, render: (_, r) => operatorName(r) },
    { title: '操作内容', dataIndex: 'action_label', width: 150 },
    { title: '状态', key: 'status', width: 96, render: (_, r) => <Tag color={operationStatusColor(r.status)}>{operationStatusText(r.status)}</Tag> },
    { title: '结果', dataIndex: 'result', ellipsis: true, render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    {
      title: '时间',
      key: 'time',
      width: 170,
      render: (_, r) => (
        <>
          {formatDateTime(r.date_created)}
          {r.scheduled_at && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              预约 {formatDateTime(r.scheduled_at)}
            </Typography.Text>
          )}
        </>
      ),
    },
  ];
}

/**
 * PlatformOperationLog is one tab of the operation log: the store's operations on Apple or Android devices,
 * filters and page in the URL. Without Db1 (Android tab) the server returns the clerk's own operations only.
 */
export function PlatformOperationLog({ platform }: { platform: OperationLogPlatform }) {
  const [query, setQuery] = useLogSearch<OperationLogListQuery>(operationLogListQuery);
  const seesAll = usePermission(Perm.OPERATION_LOG);
  const log = useQuery(storeOperationLogQuery(platform, query));

  return (
    <Flex vertical gap={16}>
      {!seesAll && <Alert type="info" showIcon title="你没有“查看操作日志”权限，这里只显示你本人的操作。" />}
      <LogFilterBar
        query={query}
        onChange={setQuery}
        statusOptions={OPERATION_STATUS_OPTIONS}
        actionOptions={ACTION_OPTIONS}
        deviceSearch
        showClerk={seesAll}
      />
      <LogTable
        columns={columns(platform)}
        data={log.data}
        loading={log.isFetching}
        emptyText="暂无操作记录"
        query={query}
        onQueryChange={setQuery}
        label="操作记录"
      />
    </Flex>
  );
}
