import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { useState } from 'react';
import { LazyMenuDropdown } from '../../../components/lazyMenuDropdown.tsx';
import { lazyPart } from '../../../components/lazyPart.tsx';
import type { SheetAction, SheetSection } from './sheetActions.ts';

const MoreActionsSheet = lazyPart(() => import('./MoreActionsSheet.tsx').then((m) => m.MoreActionsSheet));

/** visibleSections keeps the entries this clerk is permitted and drops sections left empty. */
export function visibleSections(sections: readonly SheetSection[]): SheetSection[] {
  return sections.map((s) => ({ ...s, actions: s.actions.filter((a) => a.check.permitted) })).filter((s) => s.actions.length > 0);
}

interface MoreActionsProps {
  sections: readonly SheetSection[];
  label?: string;
  /** On a phone the entries open in a sheet from the bottom, with the reason of a greyed entry written out (no hover there). */
  phone: boolean;
}

/**
 * MoreActions is a detail header's "more" entry: a dropdown on a desktop, a bottom sheet on a phone, so
 * the header keeps one row of buttons at 390 px and every other action is one tap away.
 */
export function MoreActions({ sections, label = '更多', phone }: MoreActionsProps) {
  const [open, setOpen] = useState(false);
  // The sheet's code (antd's Drawer) loads on the first tap and stays mounted after, for its closing motion.
  const [opened, setOpened] = useState(false);
  const shown = visibleSections(sections);
  if (shown.length === 0) return null;

  if (!phone) {
    const entry = (a: SheetAction) => ({
      key: a.key,
      icon: a.icon,
      danger: a.danger,
      disabled: !a.check.allowed,
      label: a.check.allowed ? (
        a.label
      ) : (
        <Hint title={a.check.reason} placement="left">
          {a.label}
        </Hint>
      ),
    });
    const items: MenuProps['items'] =
      shown.length === 1
        ? shown[0]!.actions.map(entry)
        : shown.map((s) => ({ type: 'group' as const, key: s.key, label: s.title, children: s.actions.map(entry) }));
    const byKey = new Map(shown.flatMap((s) => s.actions.map((a) => [a.key, a] as const)));
    return (
      <LazyMenuDropdown items={items} onClick={(key) => byKey.get(key)?.onClick()}>
        <Button>
          {label} <DownOutlined />
        </Button>
      </LazyMenuDropdown>
    );
  }

  return (
    <>
      <Button
        icon={<EllipsisOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {opened && <MoreActionsSheet title={label} sections={shown} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
