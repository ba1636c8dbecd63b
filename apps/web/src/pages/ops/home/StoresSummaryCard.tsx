import { useQuery } from '@tanstack/react-query';
import { Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { opsStoresQuery } from '../../../api/ops.ts';
import { Panel } from '../../../components/Panel.tsx';

/** StoresSummaryCard: how many stores there are, and how many are disabled, with a way to the list. */
export default function StoresSummaryCard() {
  const all = useQuery(opsStoresQuery({ page_num: 0, page_size: 1, status: 'all' }));
  const disabled = useQuery(opsStoresQuery({ page_num: 0, page_size: 1, status: 'disabled' }));
  return (
    <Panel title="门店" extra={<Link to="/ops/stores">门店管理</Link>}>
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title="门店总数" value={all.data?.total ?? '-'} />
        </Col>
        <Col span={12}>
          <Statistic title="已停用" value={disabled.data?.total ?? '-'} />
        </Col>
      </Row>
    </Panel>
  );
}
