import type { SimCardInfo } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Table } from 'antd';
import { Typography } from '../../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { simLogQuery, type SimLogItem } from '../../../../../api/iosDevice.ts';
import { tablePagination } from '../../../../../components/pagination.ts';
import { formatDateTime, withChinaTime } from '../../../../../lib/time.ts';

function SimCell({ sim }: { sim: SimCardInfo | null }) {
  if (!sim) return <Typography.Text type="secondary">无卡</Typography.Text>;
  return (
    <Flex vertical>
      <span>{sim.iccid ?? '—'}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[sim.phone_number, sim.carrier].filter(Boolean).join(' · ') || '号码未知'}
      </Typography.Text>
    </Flex>
  );
}

/** SimLogTab is the device's SIM history: a row each time the phone reported different cards. */
export function SimLogTab({ deviceId }: { deviceId: string }) {
  const [page, setPage] = useState({ num: 0, size: 10 });
  const log = useQuery(simLogQuery(deviceId, page.num, page.size));
  return (
    <Table<SimLogItem>
      rowKey="date_created"
      size="small"
      dataSource={log.data?.list}
      loading={log.isLoading}
      locale={{ emptyText: '暂无 SIM 卡记录' }}
      columns={[
        { title: withChinaTime('记录时间'), key: 'at', width: 170, render: (_, r) => formatDateTime(r.date_created) },
        { title: 'SIM 1（ICCID / 号码 · 运营商）', key: 'sim1', render: (_, r) => <SimCell sim={r.sim_1} /> },
        { title: 'SIM 2（ICCID / 号码 · 运营商）', key: 'sim2', render: (_, r) => <SimCell sim={r.sim_2} /> },
      ]}
      pagination={tablePagination({ pageNum: page.num, pageSize: page.size, total: log.data?.total ?? 0, onChange: (num, size) => setPage({ num, size }) })}
    />
  );
}
