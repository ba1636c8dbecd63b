import { SyncOutlined } from '@ant-design/icons';
import type { AbmServerInfo } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { abmKeys, syncAbmNow } from '../../../api/abm.ts';
import { isApiError } from '../../../api/index.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { expiryNotice } from './abmView.ts';

/** AbmServerState shows the store's token as Apple knows it, the sync's health, and the sync-now button. */
export function AbmServerState({ info }: { info: AbmServerInfo }) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: syncAbmNow,
    onSuccess: (r) => feedback.message.success(`同步完成：新增 ${r.added} 台，变更 ${r.modified} 台，移出 ${r.deleted} 台，分配配置 ${r.assigned} 台`),
    onError: (err) => feedback.message.error(isApiError(err) ? err.message : '同步失败，请稍后重试'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: abmKeys.all }),
  });
  const notice = expiryNotice(info);

  if (!info.uploaded) {
    return <Descriptions size="small" column={1} items={[{ key: 'state', label: '服务器令牌', children: <Tag>未上传</Tag> }]} />;
  }
  return (
    <>
      {notice && <Alert style={{ marginBottom: 12 }} type={notice.type} showIcon title={notice.text} />}
      {info.last_sync_error && (
        <Alert
          style={{ marginBottom: 12 }}
          type="error"
          showIcon
          title={`上次同步失败：${info.last_sync_error}`}
          description={`将于 ${formatDateTime(info.next_sync_at)} 自动重试`}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'state', label: '服务器令牌', children: <Tag color="green">已上传</Tag> },
          { key: 'server', label: 'MDM 服务器', children: info.server_name ?? '—' },
          { key: 'org', label: '组织', children: info.org_name ?? '—' },
          {
            key: 'expiry',
            label: '令牌到期',
            children: `${formatDateTime(info.access_token_expiry)}${info.expires_in_days !== null && info.expires_in_days >= 0 ? `（剩余 ${info.expires_in_days} 天）` : ''}`,
          },
          { key: 'last', label: '上次同步', children: formatDateTime(info.last_sync_at) },
          { key: 'count', label: 'ABM 设备数', children: info.device_count },
          {
            key: 'profile',
            label: '注册配置 UUID',
            children: info.profile_uuid ? <Typography.Text copyable>{info.profile_uuid}</Typography.Text> : '尚未定义',
          },
          { key: 'uploaded', label: '上传时间', children: formatDateTime(info.uploaded_at) },
        ]}
      />
      <Button style={{ marginTop: 12 }} icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate()}>
        立即同步
      </Button>
    </>
  );
}
