import type { ReactNode } from 'react';
import type { ActionCheck } from '../ios/detail/deviceActions.ts';

/** SheetAction is one entry of a "more" menu: its rule (hidden without permission, greyed with a reason) and what it opens. */
export interface SheetAction {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  check: ActionCheck;
  onClick: () => void;
}

/** SheetSection groups entries the way the desktop header groups its menus; the title is left out for a single group. */
export interface SheetSection {
  key: string;
  title?: string;
  actions: SheetAction[];
}
