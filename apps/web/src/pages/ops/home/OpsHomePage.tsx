import { Col, Row } from 'antd';
import { Suspense } from 'react';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { OPS_HOME_CARDS } from './opsHomeCards.tsx';

/** OpsHomePage lays out the operator home's cards (opsHomeCards.tsx), each loading on its own. */
export default function OpsHomePage() {
  return (
    <Row gutter={[16, 16]}>
      {OPS_HOME_CARDS.map(({ key, Card, span }) => (
        <Col key={key} xs={24} lg={span ?? 12}>
          <Suspense fallback={<PageLoading />}>
            <Card />
          </Suspense>
        </Col>
      ))}
    </Row>
  );
}
