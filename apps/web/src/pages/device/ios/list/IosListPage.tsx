import { LockStatus, Perm, type IosDeviceListItem } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Space } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { iosDeviceListQuery } from '../../../../api/iosDevice.ts';
import { usePermission } from '../../../../auth/usePermission.tsx';
import { useUser } from '../../../../auth/useUser.ts';
import { Panel } from '../../../../components/Panel.tsx';
import { ActionButton } from '../components/ActionButton.tsx';
import { canChangeClerk, canLock, canRegister, canUnlock, isInTransit } from '../detail/deviceActions.ts';
import { detailPath } from './deviceColumns.tsx';
import { DeviceTable } from './DeviceTable.tsx';
import { EmptyGuide } from './EmptyGuide.tsx';
import { CollapsibleFilters, FILTERS_PLACEHOLDER } from '../../../../components/CollapsibleFilters.tsx';
import { lazyPart } from '../../../../components/lazyPart.tsx';
import { clearFilters, filtersOf, hasActiveFilters } from './listSearch.ts';
import { ListToolbar } from './ListToolbar.tsx';
import { useRowPoll } from '../../shared/rowPoll.ts';
import { type RowCommand, RowCommandDialog } from './RowCommandDialog.tsx';
import { useListSearch } from './useListSearch.ts';

// Dialogs load on the first click: the list's first paint needs the table, not their forms.
const RegisterDialog = lazy(() => import('./RegisterDialog.tsx').then((m) => ({ default: m.RegisterDialog })));
const ChangeClerkDialog = lazy(() => import('../../shared/ChangeClerkDialog.tsx').then((m) => ({ default: m.ChangeClerkDialog })));
// The filter form's inputs and date picker are a chunk of their own: a phone shows them only after 筛选.
const FilterBar = lazyPart(() => import('./FilterBar.tsx').then((m) => m.FilterBar), FILTERS_PLACEHOLDER);

const isLockedState = (s: number) => s === LockStatus.LOCKED || s === LockStatus.LOCKING;

/** IosListPage is the Apple device list: filters in the URL, quick lock/unlock, batch clerk change. */
export default function IosListPage() {
  const { permission: perms } = useUser();
  const viewAll = usePermission(Perm.APPLE_LIST_VIEW_ALL);
  const [query, setQuery] = useListSearch();
  const poll = useRowPoll();
  const list = useQuery({
    ...iosDeviceListQuery('list', query),
    placeholderData: keepPreviousData,
    // Rows with a command on its way refresh until the phones answer, so 锁定中… turns into 已锁定: every second
    // just after a command from a row (as fast as the detail page), every 5 s later on.
    refetchInterval: (q) => poll.interval(q.state.data?.list.some(isInTransit) ?? false),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'register' | 'clerk' | null>(null);
  const [command, setCommand] = useState<RowCommand | null>(null);
  const mayRegister = canRegister(perms);
  const batch = canChangeClerk(perms);

  // A selection belongs to one search: new filters clear it, turning pages keeps it.
  const filterKey = JSON.stringify(filtersOf(query));
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger, not an input of the effect
  useEffect(() => setSelected([]), [filterKey]);

  const actions = (d: IosDeviceListItem) => (
    <Space size={0}>
      <Link to={detailPath(d.id)}>
        <Button type="link" size="small">
          详情
        </Button>
      </Link>
      {isLockedState(d.lock_status) ? (
        <ActionButton type="link" size="small" check={canUnlock(d, perms)} onClick={() => setCommand({ name: 'unlock', device: d })}>
          解锁
        </ActionButton>
      ) : (
        <ActionButton type="link" size="small" danger check={canLock(d, perms)} onClick={() => setCommand({ name: 'lock', device: d })}>
          锁定
        </ActionButton>
      )}
    </Space>
  );

  return (
    <Panel title="Apple 设备列表" extra={<ListToolbar query={query} canRegister={mayRegister.allowed} onRegister={() => setDialog('register')} />}>
      <Flex vertical gap={16}>
        <CollapsibleFilters active={hasActiveFilters(query)}>
          <FilterBar query={query} onChange={setQuery} showClerk={viewAll} />
        </CollapsibleFilters>
        {batch.allowed && selected.length > 0 && (
          <Flex align="center" gap={12}>
            <Typography.Text>已选择 {selected.length} 台设备</Typography.Text>
            <Button onClick={() => setDialog('clerk')}>更换店员</Button>
            <Button type="link" onClick={() => setSelected([])}>
              取消选择
            </Button>
          </Flex>
        )}
        <DeviceTable
          query={query}
          onQueryChange={setQuery}
          rows={list.data?.list}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          actions={actions}
          selection={batch.allowed ? { keys: selected, onChange: setSelected } : undefined}
          empty={
            list.isSuccess && (
              <EmptyGuide
                filtered={hasActiveFilters(query)}
                viewAll={viewAll}
                canRegister={mayRegister.allowed}
                onRegister={() => setDialog('register')}
                onClearFilters={() => setQuery(clearFilters(query))}
              />
            )
          }
        />
      </Flex>
      <Suspense fallback={null}>
        {dialog === 'register' && <RegisterDialog chooseClerk={viewAll} onClose={() => setDialog(null)} />}
        {dialog === 'clerk' && <ChangeClerkDialog deviceIds={selected} onClose={() => setDialog(null)} onDone={() => setSelected([])} />}
      </Suspense>
      <RowCommandDialog command={command} onClose={() => setCommand(null)} onDone={poll.kick} />
    </Panel>
  );
}
