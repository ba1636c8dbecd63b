import type { AbnormalReportItem, Paging } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { abnormalListQuery } from '../../../api/report.ts';
import { tablePagination } from '../../../components/pagination.ts';
import { ResponsiveTable } from '../../../components/ResponsiveTable.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { LevelTag } from '../components/ReportTags.tsx';
import { reportPath, yuan } from '../reportView.ts';

const columns: TableColumnType<AbnormalReportItem>[] = [
  { title: '姓名', key: 'name', width: 100, render: (_, r) => <Link to={reportPath({ id: r.report_id, level: r.level })}>{r.name}</Link> },
  { title: '身份证号', dataIndex: 'id_card', width: 180, render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span> },
  { title: '等级', key: 'level', width: 90, render: (_, r) => <LevelTag level={r.level} /> },
  { title: '退款金额', dataIndex: 'amount_fen', width: 100, render: (v: number) => <Typography.Text type="success">{yuan(Math.abs(v))}</Typography.Text> },
  { title: '失败原因', dataIndex: 'reason' },
  { title: withChinaTime('时间'), key: 'time', width: 150, render: (_, r) => formatDateTime(r.date_created) },
];

/** AbnormalList lists queries the data source could not answer: each was refunded, with the reason. */
export function AbnormalList() {
  const [page, setPage] = useState<Paging>({ page_num: 0, page_size: 20 });
  const list = useQuery(abnormalListQuery(page));
  return (
    <ResponsiveTable<AbnormalReportItem>
      rowKey="id"
      size="middle"
      columns={columns}
      label="异常记录"
      card={{ title: 'name' }}
      dataSource={list.data?.list}
      loading={list.isFetching}
      locale={{ emptyText: '暂无异常记录：查询失败的报告会自动退款并列在这里' }}
      scroll={{ x: 900 }}
      pagination={tablePagination({
        pageNum: page.page_num,
        pageSize: page.page_size,
        total: list.data?.total ?? 0,
        onChange: (page_num, page_size) => setPage({ page_num, page_size }),
      })}
    />
  );
}
