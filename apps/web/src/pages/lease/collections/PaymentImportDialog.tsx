import { UploadOutlined } from '@ant-design/icons';
import { formatFen, type PaymentImportResult, type PaymentImportRow } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useRef, useState } from 'react';
import { api, isApiError } from '../../../api/index.ts';
import { importPayments, leaseKeys } from '../../../api/lease.ts';
import { feedback } from '../../../app/feedback.ts';

const MAX_BYTES = 1_000_000;

const columns: TableColumnsType<PaymentImportRow> = [
  { title: '行', dataIndex: 'line', width: 60 },
  { title: '结果', dataIndex: 'ok', width: 80, render: (ok: boolean) => (ok ? <Tag color="success">可导入</Tag> : <Tag color="error">有误</Tag>) },
  { title: '金额', dataIndex: 'amount_fen', width: 110, render: (fen: number | null) => (fen === null ? '—' : formatFen(fen)) },
  { title: '说明', dataIndex: 'message', render: (m: string) => m || '—' },
];

/** importSummary counts a checked file's rows and says whether it can be imported as it is. */
export function importSummary(result: PaymentImportResult) {
  const bad = result.rows.filter((r) => !r.ok).length;
  const total = result.rows.reduce((sum, r) => sum + (r.ok && r.amount_fen ? r.amount_fen : 0), 0);
  return { rows: result.rows.length, bad, total, ready: result.rows.length > 0 && bad === 0 };
}

/**
 * PaymentImportDialog books payments from a CSV file: the file is checked first (dry run, nothing changes) and
 * imported only when every row is right, so a half-imported file never needs untangling.
 */
export function PaymentImportDialog({ onClose }: { onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [checked, setChecked] = useState<PaymentImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (v: { csv: string; dry_run: boolean }) => importPayments(v),
    onSuccess: async (result, v) => {
      if (v.dry_run) return setChecked(result);
      feedback.message.success(`已导入 ${result.rows.filter((r) => r.ok).length} 笔还款`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: leaseKeys.all });
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 400) setError(err.message);
      else if (isApiError(err)) api.report(err);
    },
  });

  async function choose(f: File | undefined) {
    setChecked(null);
    setError(null);
    if (!f) return;
    if (f.size > MAX_BYTES) return setError('CSV 文件不能超过 1 MB');
    const csv = await f.text();
    setFile({ name: f.name, csv });
    send.mutate({ csv, dry_run: true });
  }

  const summary = checked ? importSummary(checked) : null;
  return (
    <Modal
      open
      title="导入还款记录（CSV）"
      width={640}
      okText="确认导入"
      cancelText="取消"
      okButtonProps={{ disabled: !summary?.ready || !file, loading: send.isPending && send.variables?.dry_run === false }}
      onOk={() => file && send.mutate({ csv: file.csv, dry_run: false })}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          每行一笔还款，列为：plan_id 或
          serial_number/imei、amount_yuan（元，最多两位小数）、method（现金、微信、支付宝、银行转账、其他）、reference（流水号）、paid_at（还款时间）。文件先校验，全部无误才能导入。
        </Typography.Paragraph>
        <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={(e) => void choose(e.target.files?.[0])} />
        <Flex gap={8} align="center" wrap>
          <Button icon={<UploadOutlined />} loading={send.isPending && send.variables?.dry_run === true} onClick={() => input.current?.click()}>
            选择 CSV 文件
          </Button>
          {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        </Flex>
        {error && <Alert type="error" showIcon title={error} />}
        {summary && (
          <Alert
            type={summary.ready ? 'success' : 'warning'}
            showIcon
            title={
              summary.ready
                ? `校验通过：共 ${summary.rows} 笔，合计 ${formatFen(summary.total)}`
                : `共 ${summary.rows} 行，其中 ${summary.bad} 行有误，请修正后重新选择文件`
            }
          />
        )}
        {checked && <Table rowKey="line" size="small" columns={columns} dataSource={checked.rows} pagination={{ pageSize: 8 }} scroll={{ x: 480 }} />}
      </Flex>
    </Modal>
  );
}
