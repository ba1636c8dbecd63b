import { FilterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';
import './collapsibleFilters.css';

/**
 * FILTERS_PLACEHOLDER holds a filter bar's place while its code loads: two rows of inputs, as the bar wraps beside
 * the menu on a 1366 px screen, so the list under it does not move when the bar arrives.
 */
export const FILTERS_PLACEHOLDER = <div aria-busy="true" style={{ minHeight: 76 }} />;

/**
 * CollapsibleFilters shows a list's filter bar as it is on a wide screen; on a phone it folds behind a
 * 筛选 button (with a dot while filters apply, antd's Badge look without its code), so the first screen shows
 * devices rather than inputs.
 */
export function CollapsibleFilters({ active, children }: { active: boolean; children: ReactNode }) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  if (!phone) return children;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <span className={active ? 'filters-toggle filters-toggle-active' : 'filters-toggle'}>
        <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? '收起筛选' : active ? '筛选（已筛选）' : '筛选'}
        </Button>
      </span>
      {open && children}
    </div>
  );
}
