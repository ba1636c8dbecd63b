import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Typography } from './typography/Typography.tsx';
import type { ReactNode } from 'react';

interface CardPagerProps {
  /** One-based, as antd's pager counts. */
  current: number;
  pageSize: number;
  total: number;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  onChange?: (page: number, pageSize: number) => void;
}

/**
 * CardPager turns a phone's card list a page at a time: two thumb-sized buttons around 第 n / m 页. antd's Pagination
 * would bring its Select (the page-size changer, drawn or not) into every phone list's first load.
 */
export function CardPager({ current, pageSize, total, showTotal, onChange }: CardPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (current - 1) * pageSize + 1;
  return (
    <nav aria-label="翻页" style={{ marginTop: 16, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, flexWrap: 'wrap' }}>
      <Button icon={<LeftOutlined />} aria-label="上一页" disabled={current <= 1} onClick={() => onChange?.(current - 1, pageSize)} />
      <Typography.Text>
        第 {current} / {pages} 页
      </Typography.Text>
      <Button icon={<RightOutlined />} aria-label="下一页" disabled={current >= pages} onClick={() => onChange?.(current + 1, pageSize)} />
      {showTotal && <Typography.Text type="secondary">{showTotal(total, [first, Math.min(total, current * pageSize)])}</Typography.Text>}
    </nav>
  );
}
