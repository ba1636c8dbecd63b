import { reportLevelLabel, type OrderableReportLevel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { reportBalanceQuery, reportHelperQuery, reportListQueryOptions } from '../../../api/report.ts';
import { Panel } from '../../../components/Panel.tsx';
import { useUrlQuery } from '../../../lib/urlQuery.ts';
import { BalanceBar } from '../components/BalanceBar.tsx';
import { BlacklistDialog } from '../components/BlacklistDialog.tsx';
import { RefreshReportButton } from '../components/RefreshReportButton.tsx';
import { isWaiting } from '../reportView.ts';
import { AbnormalList } from './AbnormalList.tsx';
import { AddReportDialog } from './AddReportDialog.tsx';
import { ReportFilterBar } from './ReportFilterBar.tsx';
import { reportSearch } from './reportSearch.ts';
import { ReportTable } from './ReportTable.tsx';

function ReportList({ level, onAdd }: { level: OrderableReportLevel; onAdd: () => void }) {
  const [view, setView] = useUrlQuery(reportSearch);
  const list = useQuery({
    ...reportListQueryOptions({ ...view, level }),
    // A report the data source has not answered yet refreshes until it has.
    refetchInterval: (q) => (q.state.data?.list.some(isWaiting) ? 3000 : false),
  });
  const filtered = reportSearch.hasActiveFilters(view);
  return (
    <Flex vertical gap={16}>
      <ReportFilterBar query={view} onChange={setView} />
      <ReportTable
        query={view}
        onQueryChange={setView}
        data={list.data}
        loading={list.isFetching}
        refresh={(r) => <RefreshReportButton report={r} />}
        empty={
          list.isSuccess ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? '没有符合条件的报告' : `还没有${reportLevelLabel[level]}报告`}>
              {filtered ? (
                <Button onClick={() => setView(reportSearch.clearFilters(view))}>清除筛选</Button>
              ) : (
                <Button type="primary" onClick={onAdd}>
                  新建第一份报告
                </Button>
              )}
            </Empty>
          ) : undefined
        }
      />
    </Flex>
  );
}

/** ReportListPage is one report level's area: balance and prices, the list (filters in the URL), the abnormal list. */
function ReportListPage({ level }: { level: OrderableReportLevel }) {
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<'add' | 'blacklist' | null>(null);
  const balance = useQuery(reportBalanceQuery);
  const helper = useQuery(reportHelperQuery);
  const tab = params.get('tab') === 'abnormal' ? 'abnormal' : 'list';

  return (
    <Panel
      title={`${reportLevelLabel[level]}报告`}
      extra={
        <Space wrap>
          <Button onClick={() => setDialog('blacklist')}>黑名单查询</Button>
          <Button type="primary" onClick={() => setDialog('add')}>
            新建报告
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <BalanceBar balance={balance.data} helper={helper.data} level={level} />
        <Tabs
          activeKey={tab}
          // Each tab has its own view: switching starts the other one from its defaults.
          onChange={(key) => setParams(key === 'abnormal' ? { tab: 'abnormal' } : {})}
          items={[
            { key: 'list', label: '报告列表', children: tab === 'list' && <ReportList level={level} onAdd={() => setDialog('add')} /> },
            { key: 'abnormal', label: '异常记录', children: tab === 'abnormal' && <AbnormalList /> },
          ]}
        />
      </Flex>
      {dialog === 'add' && <AddReportDialog level={level} onClose={() => setDialog(null)} />}
      {dialog === 'blacklist' && <BlacklistDialog onClose={() => setDialog(null)} />}
    </Panel>
  );
}

export const BasicReportPage = () => <ReportListPage level="basic" />;
export const AdvancedReportPage = () => <ReportListPage level="advanced" />;
