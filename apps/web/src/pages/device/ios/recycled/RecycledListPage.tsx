import { Perm, type IosDeviceListItem } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Space } from 'antd';
import { useState } from 'react';
import { iosDeviceListQuery } from '../../../../api/iosDevice.ts';
import { usePermission } from '../../../../auth/usePermission.tsx';
import { useUser } from '../../../../auth/useUser.ts';
import { Panel } from '../../../../components/Panel.tsx';
import { ActionButton } from '../components/ActionButton.tsx';
import { canRemove, canRestore } from '../detail/deviceActions.ts';
import { DeviceTable } from '../list/DeviceTable.tsx';
import { FilterBar } from '../list/FilterBar.tsx';
import { clearFilters, hasActiveFilters } from '../list/listSearch.ts';
import { useListSearch } from '../list/useListSearch.ts';
import { type RowCommand, RowCommandDialog } from '../list/RowCommandDialog.tsx';

/**
 * RecycledListPage is the Apple recycle bin: phones set aside from the list. They can be moved back, or
 * deleted for good, which releases the phone from management and frees its slot (Ab21).
 */
export default function RecycledListPage() {
  const { permission: perms } = useUser();
  const viewAll = usePermission(Perm.APPLE_LIST_VIEW_ALL);
  const [query, setQuery] = useListSearch();
  const list = useQuery({ ...iosDeviceListQuery('recycled-list', query), placeholderData: keepPreviousData });
  const [command, setCommand] = useState<RowCommand | null>(null);

  const actions = (d: IosDeviceListItem) => (
    <Space size={0}>
      <ActionButton type="link" size="small" check={canRestore(d, perms)} onClick={() => setCommand({ name: 'restore', device: d })}>
        移出回收站
      </ActionButton>
      <ActionButton type="link" size="small" danger check={canRemove(d, perms)} onClick={() => setCommand({ name: 'remove', device: d })}>
        彻底删除
      </ActionButton>
    </Space>
  );

  const filtered = hasActiveFilters(query);
  return (
    <Panel title="Apple 回收站">
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title="回收站中的设备不能下发指令。移出回收站即可恢复管理；彻底删除后设备会在下次联网时脱离管理，且无法恢复。" />
        <FilterBar query={query} onChange={setQuery} showClerk={viewAll} />
        <DeviceTable
          query={query}
          onQueryChange={setQuery}
          rows={list.data?.list}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          actions={actions}
          compact
          empty={
            list.isSuccess && (
              <Empty description={filtered ? '没有符合条件的设备' : '回收站是空的'}>
                {filtered && <Button onClick={() => setQuery(clearFilters(query))}>清除筛选条件</Button>}
              </Empty>
            )
          }
        />
      </Flex>
      <RowCommandDialog command={command} onClose={() => setCommand(null)} />
    </Panel>
  );
}
