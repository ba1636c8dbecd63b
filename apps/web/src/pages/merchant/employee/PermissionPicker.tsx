import type { PermissionGroup } from '@lease/shared';
import { Checkbox, Flex, theme } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { groupState, toggleGroup } from './clerkForm.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

interface PermissionPickerProps {
  groups: PermissionGroup[];
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** PermissionPicker is the permission checkboxes grouped as PERMISSION_GROUPS, each group with 全选. */
export function PermissionPicker({ groups, value = [], onChange }: PermissionPickerProps) {
  const { token } = theme.useToken();
  const phone = useIsPhone();
  return (
    <Flex vertical gap={12}>
      {groups.map((g) => {
        const state = groupState(g, value);
        const own = value.filter((c) => g.items.some((i) => i.code === c));
        return (
          <div key={g.key} style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: '8px 12px' }}>
            <Flex justify="space-between" align="center" style={{ marginBottom: 6 }}>
              <Typography.Text strong>{g.label}</Typography.Text>
              <Checkbox checked={state.checked} indeterminate={state.indeterminate} onChange={(e) => onChange?.(toggleGroup(g, value, e.target.checked))}>
                全选
              </Checkbox>
            </Flex>
            <Checkbox.Group
              value={own}
              onChange={(next) => onChange?.([...value.filter((c) => !g.items.some((i) => i.code === c)), ...next.map(String)])}
              style={{ display: 'grid', gridTemplateColumns: `repeat(${phone ? 2 : 3}, minmax(0, 1fr))`, rowGap: 6 }}
              options={g.items.map((i) => ({ value: i.code, label: i.label }))}
            />
          </div>
        );
      })}
    </Flex>
  );
}
