import { ANDROID_RESTRICTIONS, type AndroidRestriction, type AndroidRestrictionGroup, androidRestrictionGroupLabel } from '@lease/shared';
import { Flex, Switch, Tag, theme } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { Typography } from '../../../../components/typography/Typography.tsx';

/** restrictionGroups: the catalogue by group, in the editor's order. */
export const restrictionGroups = (Object.keys(androidRestrictionGroupLabel) as AndroidRestrictionGroup[]).map((group) => ({
  group,
  label: androidRestrictionGroupLabel[group],
  items: ANDROID_RESTRICTIONS.filter((r) => r.group === group),
}));

/** changedKeys lists the switches that differ between two maps, for the request and the save button. */
export const changedKeys = (before: Record<string, boolean>, after: Record<string, boolean>) =>
  ANDROID_RESTRICTIONS.map((r) => r.key).filter((k) => (before[k] ?? false) !== (after[k] ?? false));

interface RestrictionEditorProps {
  value: Record<string, boolean>;
  onChange?: (next: Record<string, boolean>) => void;
  /** The store default: switches that differ from it are marked (a phone's editor). */
  baseline?: Record<string, boolean>;
  /** Keys the phone's channel reported it cannot enforce. */
  unsupported?: readonly string[];
  /** The phone's Android API level: restrictions that need a newer one are marked. */
  sdkInt?: number | null;
  disabled?: boolean;
}

function RestrictionRow({ item, on, props }: { item: AndroidRestriction; on: boolean; props: RestrictionEditorProps }) {
  const { token } = theme.useToken();
  const differs = props.baseline !== undefined && (props.baseline[item.key] ?? false) !== on;
  const tooOld = props.sdkInt != null && props.sdkInt < item.minApi;
  const unsupported = props.unsupported?.includes(item.key);
  return (
    <Flex
      align="center"
      justify="space-between"
      gap={12}
      style={{ padding: '10px 12px', borderRadius: 6, background: differs ? token.colorWarningBg : undefined }}
    >
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Flex align="center" gap={6} wrap>
          <Typography.Text strong>{item.label}</Typography.Text>
          {item.core && <Tag color="geekblue">监管核心</Tag>}
          {differs && <Tag color="orange">与门店默认不同</Tag>}
          {(tooOld || unsupported) && (
            <Hint title={tooOld ? `需要 Android API ${item.minApi} 及以上，此设备为 API ${props.sdkInt}` : '此设备的管理通道报告不支持该限制'}>
              <Tag color="default">设备不支持</Tag>
            </Hint>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.description}
        </Typography.Text>
      </Flex>
      <Hint title={`${item.platform}（Android API ${item.minApi}+）`}>
        <Switch
          aria-label={item.label}
          checked={on}
          disabled={props.disabled}
          checkedChildren="禁止"
          unCheckedChildren="允许"
          onChange={(checked) => props.onChange?.({ ...props.value, [item.key]: checked })}
        />
      </Hint>
    </Flex>
  );
}

/**
 * RestrictionEditor shows the Android restriction catalogue as grouped switches with Chinese labels:
 * on means the phone forbids it. The same editor serves a phone and the store default.
 */
export function RestrictionEditor(props: RestrictionEditorProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={16}>
      {restrictionGroups.map((g) => (
        <section key={g.group} aria-label={g.label}>
          <Typography.Title level={5} style={{ margin: '0 0 4px' }}>
            {g.label}
          </Typography.Title>
          <Flex vertical style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8 }}>
            {g.items.map((item) => (
              <RestrictionRow key={item.key} item={item} on={props.value[item.key] ?? false} props={props} />
            ))}
          </Flex>
        </section>
      ))}
    </Flex>
  );
}
