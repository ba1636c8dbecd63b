import type { OpsAuditVerifyResult } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { opsAuditVerifyQuery } from '../../../api/ops.ts';

/** chainText says in one line what the hash-chain check found. */
export function chainText(r: OpsAuditVerifyResult): string {
  if (r.ok) return r.total ? `审计日志完整：共 ${r.total} 条记录，逐条校验通过` : '审计日志完整：尚无记录';
  return r.reason === 'content'
    ? `第 ${r.position} 条记录被改动（编号 ${r.id}），审计日志已不可信`
    : `第 ${r.position} 条记录之前有记录被删除或插入（编号 ${r.id}），审计日志已不可信`;
}

/**
 * AuditChainStatus shows whether the audit log still holds: each row carries the hash of the one before it,
 * so a row changed, deleted or slipped in around the append-only rule shows here, with its position.
 */
export function AuditChainStatus() {
  const check = useQuery(opsAuditVerifyQuery);
  if (check.isPending) return <Alert type="info" showIcon title="正在校验审计日志…" />;
  if (check.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title="审计日志校验失败，请稍后重试"
        action={
          <Button size="small" onClick={() => void check.refetch()}>
            重试
          </Button>
        }
      />
    );
  const r = check.data;
  return (
    <Alert
      type={r.ok ? 'success' : 'error'}
      showIcon
      title={chainText(r)}
      description={
        r.ok && r.head_hash ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            最新记录指纹 {r.head_hash.slice(0, 16)}：可记下比对，如日后变成更早的指纹，说明末尾的记录被删除。
          </Typography.Text>
        ) : undefined
      }
    />
  );
}
