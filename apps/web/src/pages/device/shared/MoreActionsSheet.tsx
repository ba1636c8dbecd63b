import { Button, Drawer, Flex } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { SheetSection } from './sheetActions.ts';

interface MoreActionsSheetProps {
  /** The entry's label, the name of a section without a title. */
  title: string;
  sections: readonly SheetSection[];
  open: boolean;
  onClose: () => void;
}

/** MoreActionsSheet is the phone's "more" entries in a sheet from the bottom, each greyed entry with its reason written out. */
export function MoreActionsSheet({ title, sections, open, onClose }: MoreActionsSheetProps) {
  return (
    <Drawer
      title="更多操作"
      placement="bottom"
      open={open}
      onClose={onClose}
      // As tall as its entries, never past most of the screen; the rest scrolls inside the sheet.
      size="auto"
      styles={{ body: { padding: '8px 16px 16px', maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <Flex vertical gap={12}>
        {sections.map((s) => (
          <Flex key={s.key} vertical gap={4} role="group" aria-label={s.title ?? title}>
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
                    onClose();
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
  );
}
