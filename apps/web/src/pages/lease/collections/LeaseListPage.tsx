import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import type { LeasePlanItem } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Space } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { useEffect, useState } from 'react';
import { exportPlans, leasePlanListQuery } from '../../../api/lease.ts';
import { feedback } from '../../../app/feedback.ts';
import { useUser } from '../../../auth/useUser.ts';
import { CollapsibleFilters } from '../../../components/CollapsibleFilters.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { dayjs } from '../../../lib/time.ts';
import { useUrlQuery } from '../../../lib/urlQuery.ts';
import { type PlanDialogKind, PlanDialog } from '../plan/PlanDialog.tsx';
import { planAbilities } from '../plan/leaseView.ts';
import { BatchBar } from './BatchBar.tsx';
import { LeaseFilterBar } from './LeaseFilterBar.tsx';
import { type LeaseListMode, leaseSearch, listRequest } from './leaseSearch.ts';
import { LeaseTable } from './LeaseTable.tsx';
import { PaymentImportDialog } from './PaymentImportDialog.tsx';
import { RowActions } from './RowActions.tsx';

const TITLE: Record<LeaseListMode, string> = { collections: '催收', all: '全部分期计划' };

/** LeaseListPage is a list of plans with its view in the URL: the collections view (催收) or every plan. */
function LeaseListPage({ mode }: { mode: LeaseListMode }) {
  const { permission: perms } = useUser();
  const can = planAbilities(perms);
  const [query, setQuery] = useUrlQuery(leaseSearch);
  const request = listRequest(mode, query);
  const list = useQuery({ ...leasePlanListQuery(request), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ kind: PlanDialogKind; plan: LeasePlanItem } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // A selection belongs to one search: new filters clear it, turning pages keeps it.
  const filterKey = JSON.stringify(leaseSearch.filtersOf(query));
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger, not an input of the effect
  useEffect(() => setSelected([]), [filterKey]);

  async function download() {
    const key = 'lease-export';
    setExporting(true);
    feedback.message.open({ key, type: 'loading', content: '正在导出，请稍候…', duration: 0 });
    try {
      saveBlob(await exportPlans(leaseSearch.filtersOf(request)), `${TITLE[mode]}-${dayjs().format('YYYYMMDD-HHmm')}.csv`);
      feedback.message.open({ key, type: 'success', content: '导出完成', duration: 2 });
    } catch {
      // The request client has already shown why it failed.
      feedback.message.destroy(key);
    } finally {
      setExporting(false);
    }
  }

  const filtered = leaseSearch.hasActiveFilters(query);
  return (
    <Panel
      title={TITLE[mode]}
      extra={
        <Space wrap>
          {can.pay && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              导入还款
            </Button>
          )}
          {can.collect && (
            <Hint title="按当前筛选条件导出为 CSV">
              <Button icon={<ExportOutlined />} loading={exporting} onClick={() => void download()}>
                导出
              </Button>
            </Hint>
          )}
        </Space>
      }
    >
      <Flex vertical gap={16}>
        <CollapsibleFilters active={filtered}>
          <LeaseFilterBar mode={mode} query={query} onChange={setQuery} />
        </CollapsibleFilters>
        {can.collect && selected.length > 0 && <BatchBar selected={selected} rows={list.data?.list ?? []} onClear={() => setSelected([])} />}
        <LeaseTable
          query={query}
          onQueryChange={setQuery}
          data={list.data}
          loading={list.isFetching}
          actions={(plan) => <RowActions plan={plan} can={can} onDialog={(kind) => setDialog({ kind, plan })} />}
          selection={can.collect ? { keys: selected, onChange: setSelected } : undefined}
          empty={
            list.isSuccess ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? '没有符合条件的分期计划' : mode === 'collections' ? '暂无需要催收的计划' : '还没有分期计划'}
              >
                {filtered && <Button onClick={() => setQuery(leaseSearch.clearFilters(query))}>清除筛选</Button>}
              </Empty>
            ) : undefined
          }
        />
      </Flex>
      <PlanDialog open={dialog} onClose={() => setDialog(null)} />
      {importing && <PaymentImportDialog onClose={() => setImporting(false)} />}
    </Panel>
  );
}

export const CollectionsPage = () => <LeaseListPage mode="collections" />;
export const AllPlansPage = () => <LeaseListPage mode="all" />;
