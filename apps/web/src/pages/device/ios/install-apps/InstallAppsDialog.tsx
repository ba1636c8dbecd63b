import { type AppstoreApp, type InstallAppResult, MAX_INSTALL_APPS } from '@lease/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Flex, Input, Modal, Space, Table, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { appstoreListQuery } from '../../../../api/appstore.ts';
import { iosDetailQuery, iosKeys } from '../../../../api/iosDevice.ts';
import { installApps } from '../../../../api/iosNetwork.ts';
import { feedback } from '../../../../app/feedback.ts';
import { newIdempotencyKey } from '../../../../lib/uuid.ts';
import { AppIcon } from '../../../appstore/AppIcon.tsx';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { deviceTitle } from '../commands/useDeviceCommand.ts';
import { InstallResultList } from './InstallResultList.tsx';

/** summaryText is the toast after sending: how many apps went out and how many were refused. */
export function summaryText(results: InstallAppResult[]) {
  const queued = results.filter((r) => r.status === 'queued').length;
  const refused = results.length - queued;
  if (queued === 0) return '所选应用均未下发，原因见列表';
  return `已下发 ${queued} 个应用的安装指令，等待设备执行${refused ? `；${refused} 个未下发` : ''}`;
}

/**
 * InstallAppsDialog installs apps from the store's Apple app library: pick up to ten (apps the phone already has
 * are greyed), confirm, then watch each app's own result as the phone answers.
 */
export function InstallAppsDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Map<string, AppstoreApp>>(new Map());
  const [confirmed, setConfirmed] = useState(false);
  const [results, setResults] = useState<InstallAppResult[] | null>(null);
  const [key] = useState(newIdempotencyKey);
  const library = useQuery({
    ...appstoreListQuery({ platform: 'apple', keyword: keyword || undefined, page_num: 0, page_size: 50 }),
    placeholderData: keepPreviousData,
  });
  const detail = useQuery(iosDetailQuery(device.id));
  const installed = new Set((detail.data?.app_list ?? []).map((a) => a.bundle_id));
  const queryClient = useQueryClient();

  const send = useMutation({
    mutationFn: () =>
      installApps(
        {
          device_id: device.id,
          apps: [...picked.values()].map((a) => ({ app_name: a.app_name, bundle_id: a.bundle_id, itunes_store_id: a.track_id ?? undefined })),
        },
        key,
      ),
    onSuccess: async ({ list }) => {
      setResults(list);
      if (list.some((r) => r.status === 'queued')) feedback.message.success(summaryText(list));
      else feedback.message.warning(summaryText(list));
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: iosKeys.device(device.id) });
    },
  });

  const title = `安装应用 · ${deviceTitle(device)}`;
  if (results) {
    return (
      <Modal open title={title} width={640} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
        <Alert
          type="info"
          showIcon
          title="每个应用单独下发，结果随设备响应实时更新；关闭窗口不影响安装，结果也可在“操作记录”中查看。"
          style={{ marginBottom: 12 }}
        />
        <InstallResultList results={results} />
      </Modal>
    );
  }

  const toggle = (app: AppstoreApp, on: boolean) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (on) next.set(app.bundle_id, app);
      else next.delete(app.bundle_id);
      return next;
    });
  const full = picked.size >= MAX_INSTALL_APPS;
  const columns: ColumnsType<AppstoreApp> = [
    {
      key: 'pick',
      width: 48,
      render: (_, a) => {
        const has = installed.has(a.bundle_id);
        const on = picked.has(a.bundle_id);
        return <Checkbox aria-label={`选择 ${a.app_name}`} checked={on} disabled={has || (full && !on)} onChange={(e) => toggle(a, e.target.checked)} />;
      },
    },
    {
      title: '应用',
      key: 'app',
      render: (_, a) => (
        <Space>
          <AppIcon name={a.app_name} icon={a.icon} size={28} />
          <Flex vertical>
            <Typography.Text>{a.app_name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.bundle_id}
            </Typography.Text>
          </Flex>
        </Space>
      ),
    },
    { key: 'state', width: 90, render: (_, a) => (installed.has(a.bundle_id) ? <Tag>已安装</Tag> : null) },
  ];
  const emptyLibrary = !keyword && library.data?.total === 0;

  return (
    <Modal
      open
      title={title}
      width={640}
      onCancel={onClose}
      okText={picked.size ? `安装 ${picked.size} 个应用` : '安装'}
      cancelText="取消"
      okButtonProps={{ disabled: picked.size === 0 || !confirmed, loading: send.isPending }}
      onOk={() => send.mutate()}
    >
      <Alert
        type="info"
        showIcon
        title={`从门店应用库中选择要安装到设备上的 App Store 应用，一次最多 ${MAX_INSTALL_APPS} 个。设备需登录 Apple ID；未监管的设备会提示租机人确认。设备离线时，将在下次联网后安装。`}
        style={{ marginBottom: 12 }}
      />
      {emptyLibrary ? (
        <Empty
          description={
            <>
              门店应用库中还没有 Apple 应用，请先到{' '}
              <Link to="/console/appstore" onClick={onClose}>
                应用库
              </Link>{' '}
              添加
            </>
          }
        />
      ) : (
        <>
          <Input.Search allowClear placeholder="搜索应用名称或 Bundle ID" onSearch={(v) => setKeyword(v.trim())} style={{ marginBottom: 8 }} />
          <Table<AppstoreApp>
            rowKey="bundle_id"
            size="small"
            columns={columns}
            dataSource={library.data?.list ?? []}
            loading={library.isFetching}
            pagination={false}
            scroll={{ y: 320 }}
            showHeader={false}
          />
          {full && <Typography.Text type="warning">一次最多安装 {MAX_INSTALL_APPS} 个应用</Typography.Text>}
          <div style={{ marginTop: 12 }}>
            <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}>
              我确认在此设备上安装所选应用
            </Checkbox>
          </div>
        </>
      )}
    </Modal>
  );
}
