import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Flex, type MenuProps, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
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
        <Tooltip title={a.check.reason} placement="left">
          {a.label}
        </Tooltip>
      ),
    });
    const items: MenuProps['items'] =
      shown.length === 1
        ? shown[0]!.actions.map(entry)
        : shown.map((s) => ({ type: 'group' as const, key: s.key, label: s.title, children: s.actions.map(entry) }));
    const byKey = new Map(shown.flatMap((s) => s.actions.map((a) => [a.key, a] as const)));
    return (
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => byKey.get(key)?.onClick() }}>
        <Button>
          {label} <DownOutlined />
        </Button>
      </Dropdown>
    );
  }

  return (
    <>
      <Button icon={<EllipsisOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Drawer
        title="更多操作"
        placement="bottom"
        open={open}
        onClose={() => setOpen(false)}
        // As tall as its entries, never past most of the screen; the rest scrolls inside the sheet.
        size="auto"
        styles={{ body: { padding: '8px 16px 16px', maxHeight: '70vh', overflowY: 'auto' } }}
      >
        <Flex vertical gap={12}>
          {shown.map((s) => (
            <Flex key={s.key} vertical gap={4} role="group" aria-label={s.title ?? label}>
              {s.title && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.title}
                </Typography.Text>
              )}
              {s.actions.map((a) => (
                <div key={a.key}>
                  <Button
                    block
                    type="text"
                    danger={a.danger}
                    icon={a.icon}
                    disabled={!a.check.allowed}
                    style={{ justifyContent: 'flex-start', height: 44 }}
                    onClick={() => {
                      setOpen(false);
                      a.onClick();
                    }}
                  >
                    {a.label}
                  </Button>
                  {!a.check.allowed && a.check.reason && (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, paddingLeft: 15 }}>
                      {a.check.reason}
                    </Typography.Text>
                  )}
                </div>
              ))}
            </Flex>
          ))}
        </Flex>
      </Drawer>
    </>
  );
}
