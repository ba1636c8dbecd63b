import { Perm, type AndroidDeviceListItem, type AndroidListQuery } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Space } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { androidListQuery } from '../../../../api/androidDevice.ts';
import { usePermission } from '../../../../auth/usePermission.tsx';
import { useUser } from '../../../../auth/useUser.ts';
import { DeviceListTable } from '../../../../components/DeviceListTable.tsx';
import { emptyListText, FirstDeviceGuide, NO_REGISTER_TEXT, NoMatchingDevices } from '../../../../components/FirstDeviceGuide.tsx';
import { ActionButton } from '../../ios/components/ActionButton.tsx';
import { useRowPoll } from '../../shared/rowPoll.ts';
import { ChangeClerkDialog } from '../../shared/ChangeClerkDialog.tsx';
import { androidDeviceId, androidDeviceName, canEnroll, canLock, canUnlock, detailPath, isInTransit, isLockedState } from '../androidActions.ts';
import { type AndroidDialog, AndroidOperationDialog } from '../commands/AndroidOperationDialog.tsx';
import { androidClerkChange } from './androidClerkChange.ts';
import { androidColumns } from './androidColumns.tsx';
import { CollapsibleFilters, FILTERS_PLACEHOLDER } from '../../../../components/CollapsibleFilters.tsx';
import { lazyPart } from '../../../../components/lazyPart.tsx';
import { androidListSearch, useAndroidListSearch } from './androidListSearch.ts';

// The filter form's inputs and pickers are a chunk of their own: a phone shows them only after 筛选.
const AndroidFilterBar = lazyPart(() => import('./AndroidFilterBar.tsx').then((m) => m.AndroidFilterBar), FILTERS_PLACEHOLDER);

const FIRST_ANDROID_STEPS = [
  { title: '生成接入二维码', content: '点击右上角“登记设备”，生成一次性接入二维码。' },
  { title: '手机扫码', content: '恢复出厂设置的手机在欢迎界面连续点击 6 次打开扫码，扫描二维码后自动安装管理应用。' },
  { title: '开始管理', content: '设备接入后出现在这里，可远程锁定、解锁、定位，离线时用离线解锁码。' },
];

function EmptyGuide({ query, viewAll, mayEnroll, onClear }: { query: AndroidListQuery; viewAll: boolean; mayEnroll: boolean; onClear: () => void }) {
  if (androidListSearch.hasActiveFilters(query)) return <NoMatchingDevices onClear={onClear} />;
  if (query.archived) return <Empty description="还没有归档的设备" />;
  return (
    <FirstDeviceGuide
      description={emptyListText('Android', viewAll)}
      steps={mayEnroll ? FIRST_ANDROID_STEPS : []}
      maxWidth={520}
      style={{ padding: '24px 0', textAlign: 'left' }}
    >
      {!mayEnroll && <Typography.Text type="secondary">{NO_REGISTER_TEXT}</Typography.Text>}
    </FirstDeviceGuide>
  );
}

/**
 * AndroidDeviceList is one tab of the Android list: the managed phones, or the archive. Filters, page and
 * sort live in the URL; managed rows offer quick lock/unlock and the batch clerk change (Ea3).
 */
export function AndroidDeviceList({ archived }: { archived: boolean }) {
  const { permission: perms } = useUser();
  const viewAll = usePermission(Perm.ANDROID_LIST_VIEW_ALL);
  const batch = usePermission(Perm.ANDROID_LIST_BATCH_CHANGE_CLERK) && !archived;
  const [query, setQuery] = useAndroidListSearch(archived);
  const poll = useRowPoll();
  const list = useQuery({
    ...androidListQuery(query),
    placeholderData: keepPreviousData,
    // Rows with an operation on its way refresh until the phones answer, so 锁定中 turns into 已锁定: every second
    // just after an operation from a row, every 5 s later on.
    refetchInterval: (q) => poll.interval(q.state.data?.list.some(isInTransit) ?? false),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [changing, setChanging] = useState(false);
  const [dialog, setDialog] = useState<{ name: AndroidDialog; device: AndroidDeviceListItem } | null>(null);

  // A selection belongs to one search: new filters clear it, turning pages keeps it.
  const filterKey = JSON.stringify(androidListSearch.filtersOf(query));
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger, not an input of the effect
  useEffect(() => setSelected([]), [filterKey]);

  const actions = (d: AndroidDeviceListItem) => (
    <Space size={0}>
      <Link to={detailPath(d.id)}>
        <Button type="link" size="small">
          详情
        </Button>
      </Link>
      {!archived &&
        (isLockedState(d.lock_status) ? (
          <ActionButton type="link" size="small" check={canUnlock(d, perms)} onClick={() => setDialog({ name: 'unlock', device: d })}>
            解锁
          </ActionButton>
        ) : (
          <ActionButton type="link" size="small" danger check={canLock(d, perms)} onClick={() => setDialog({ name: 'lock', device: d })}>
            锁定
          </ActionButton>
        ))}
    </Space>
  );

  return (
    <Flex vertical gap={16}>
      <CollapsibleFilters active={androidListSearch.hasActiveFilters(query)}>
        <AndroidFilterBar query={query} onChange={setQuery} showClerk={viewAll} />
      </CollapsibleFilters>
      {batch && selected.length > 0 && (
        <Flex align="center" gap={12}>
          <Typography.Text>已选择 {selected.length} 台设备</Typography.Text>
          <Button onClick={() => setChanging(true)}>更换店员</Button>
          <Button type="link" onClick={() => setSelected([])}>
            取消选择
          </Button>
        </Flex>
      )}
      <DeviceListTable<AndroidDeviceListItem, AndroidListQuery>
        query={query}
        onQueryChange={setQuery}
        defaultSort={{ sort_index: androidListSearch.defaults.sort_index, sort_direction: androidListSearch.defaults.sort_direction }}
        columns={androidColumns({ query, actions })}
        rows={list.data?.list}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        scrollX={1040}
        selection={batch ? { keys: selected, onChange: setSelected } : undefined}
        empty={
          list.isSuccess && (
            <EmptyGuide query={query} viewAll={viewAll} mayEnroll={canEnroll(perms).allowed} onClear={() => setQuery(androidListSearch.clearFilters(query))} />
          )
        }
      />
      {changing && <ChangeClerkDialog deviceIds={selected} clerkApi={androidClerkChange} onClose={() => setChanging(false)} onDone={() => setSelected([])} />}
      {dialog && (
        <AndroidOperationDialog
          dialog={dialog.name}
          device={{ id: dialog.device.id, name: androidDeviceName(dialog.device), ident: androidDeviceId(dialog.device) }}
          onClose={() => setDialog(null)}
          onDone={poll.kick}
        />
      )}
    </Flex>
  );
}
