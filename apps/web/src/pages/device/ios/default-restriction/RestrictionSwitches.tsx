import type { AppleRestrictionItem } from '@lease/shared';
import { Flex, Switch, Tag, theme } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { Typography } from '../../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { restrictionSections } from './restrictionView.ts';

const SECTIONS = restrictionSections();

export function SupervisionTag({ item }: { item: AppleRestrictionItem }) {
  if (item.supervised) {
    return (
      <Hint title="仅对已监管的设备生效（通过 Apple 商务管理或 Apple Configurator 登记的设备）">
        <Tag color="orange">需监管</Tag>
      </Hint>
    );
  }
  if (item.unsupervisedDeprecated) {
    return (
      <Hint title="未监管的设备目前仍生效，但 Apple 已标记为将来不再支持">
        <Tag color="gold">建议监管</Tag>
      </Hint>
    );
  }
  return null;
}

interface RowProps {
  item: AppleRestrictionItem;
  on: boolean;
  readOnly: boolean;
  mark?: ReactNode;
  onToggle: (on: boolean) => void;
}

function RestrictionRow({ item, on, readOnly, mark, onToggle }: RowProps) {
  const { token } = theme.useToken();
  return (
    <Flex gap={12} align="flex-start" style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Switch checked={on} disabled={readOnly} onChange={onToggle} aria-label={item.label} style={{ marginTop: 2 }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{item.label}</Typography.Text>
          <SupervisionTag item={item} />
          {mark}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            iOS {item.minIos}+
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {item.description}
        </Typography.Text>
      </div>
    </Flex>
  );
}

interface RestrictionSwitchesProps {
  /** The restricted keys (switch on = restricted). */
  value: ReadonlySet<string>;
  onToggle: (key: string, on: boolean) => void;
  readOnly?: boolean;
  /** A tag next to a switch's label, e.g. where a device differs from the store default. */
  markOf?: (item: AppleRestrictionItem) => ReactNode;
  /** Switches shown but not changeable here (on for another reason, e.g. the wallpaper lock of 设置壁纸). */
  fixedKeys?: ReadonlySet<string>;
  /** Narrowest a column may get; two columns side by side on a wide page, one in a dialog. */
  minColumnWidth?: number;
}

/** RestrictionSwitches is the restriction catalogue as grouped switches with supervision tags (store default and device). */
export function RestrictionSwitches({ value, onToggle, readOnly = false, markOf, fixedKeys, minColumnWidth = 460 }: RestrictionSwitchesProps) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(${minColumnWidth}px, 1fr))`, columnGap: 32, rowGap: 16 }}>
      {SECTIONS.map((section) => (
        <section key={section.group}>
          <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
            {section.label}
          </Typography.Title>
          {section.items.map((item) => (
            <RestrictionRow
              key={item.key}
              item={item}
              on={value.has(item.key)}
              readOnly={readOnly || fixedKeys?.has(item.key) === true}
              mark={markOf?.(item)}
              onToggle={(on) => onToggle(item.key, on)}
            />
          ))}
        </section>
      ))}
    </div>
  );
}

/** toggled is a key set with one switch flipped. */
export function toggled(keys: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(keys);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}
