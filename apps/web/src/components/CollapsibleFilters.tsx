import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';

/**
 * FILTERS_PLACEHOLDER holds a filter bar's place while its code loads: two rows of inputs, as the bar wraps beside
 * the menu on a 1366 px screen, so the list under it does not move when the bar arrives.
 */
export const FILTERS_PLACEHOLDER = <div aria-busy="true" style={{ minHeight: 76 }} />;

/**
 * CollapsibleFilters shows a list's filter bar as it is on a wide screen; on a phone it folds behind a
 * 筛选 button (badged while filters apply), so the first screen shows devices rather than inputs.
 */
export function CollapsibleFilters({ active, children }: { active: boolean; children: ReactNode }) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  if (!phone) return children;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Badge dot={active} offset={[-4, 4]} style={{ alignSelf: 'flex-start' }}>
        <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? '收起筛选' : active ? '筛选（已筛选）' : '筛选'}
        </Button>
      </Badge>
      {open && children}
    </div>
  );
}
