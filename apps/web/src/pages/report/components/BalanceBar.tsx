import type { OrderableReportLevel, ReportBalance, ReportHelper } from '@lease/shared';
import { Button, Flex, Popover, Table, theme } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { discountText } from '../../merchant/config/storeInfoView.ts';
import { priceOf, yuan } from '../reportView.ts';
import { SandboxTag } from './ReportTags.tsx';

interface PriceRow {
  key: string;
  label: string;
  list: number;
  price: number;
  available: boolean;
}

/** priceRows is the price list: each level and the blacklist check, list price and this store's price. */
export function priceRows(helper: ReportHelper): PriceRow[] {
  return [
    ...helper.prices.map((p) => ({ key: p.level, label: `${p.label}报告`, list: p.list_price_fen, price: p.price_fen, available: p.available })),
    { key: 'blacklist', label: '黑名单查询', list: helper.blacklist_list_price_fen, price: helper.blacklist_price_fen, available: true },
  ];
}

export function PriceTable({ helper }: { helper: ReportHelper }) {
  return (
    <Table<PriceRow>
      size="small"
      pagination={false}
      dataSource={priceRows(helper)}
      columns={[
        { title: '项目', dataIndex: 'label' },
        { title: '原价', dataIndex: 'list', render: (v: number) => yuan(v) },
        {
          title: '门店价',
          key: 'price',
          render: (_, r) =>
            r.available ? <Typography.Text strong>{yuan(r.price)}</Typography.Text> : <Typography.Text type="secondary">未开通</Typography.Text>,
        },
      ]}
    />
  );
}

interface BalanceBarProps {
  balance: ReportBalance | undefined;
  helper: ReportHelper | undefined;
  /** The page's level: its price is shown beside the balance. */
  level?: OrderableReportLevel;
}

/** BalanceBar is the report area's till: the store's balance, this level's price after its discount, the price list. */
export function BalanceBar({ balance, helper, level }: BalanceBarProps) {
  const { token } = theme.useToken();
  const price = level ? priceOf(helper, level) : null;
  const sandbox = balance?.sandbox || helper?.sandbox;
  return (
    <Flex wrap align="center" gap="8px 24px" style={{ padding: '12px 16px', background: token.colorFillQuaternary, borderRadius: token.borderRadius }}>
      <span>
        报告余额：
        <Typography.Text strong data-testid="report-balance" style={{ fontSize: 18 }}>
          {balance ? yuan(balance.balance_fen) : '—'}
        </Typography.Text>
      </span>
      {level && helper && (
        <span>
          每份：<Typography.Text strong>{price === null ? '未开通' : yuan(price)}</Typography.Text>
          {helper.discount_rate && Number(helper.discount_rate) < 1 && (
            <Typography.Text type="secondary">（{discountText(helper.discount_rate)}）</Typography.Text>
          )}
        </span>
      )}
      {helper && (
        <Popover
          title="价格表"
          trigger="click"
          content={
            <div style={{ width: 300 }}>
              <PriceTable helper={helper} />
            </div>
          }
        >
          <Button type="link" size="small" style={{ padding: 0 }}>
            价格表
          </Button>
        </Popover>
      )}
      {helper && <Typography.Text type="secondary">报告保留 {helper.retention_days} 天后自动删除</Typography.Text>}
      {sandbox && <SandboxTag />}
    </Flex>
  );
}
