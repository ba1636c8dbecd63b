import { DownOutlined } from '@ant-design/icons';
import type { IosDeviceDetail } from '@lease/shared';
import { Button, type MenuProps } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { useUser } from '../../../../auth/useUser.ts';
import { LazyMenuDropdown } from '../../../../components/lazyMenuDropdown.tsx';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import type { MenuGroup } from './actionMenus.tsx';
import { menuEntries } from './headerSheet.tsx';

interface ActionMenuButtonProps {
  group: MenuGroup;
  device: IosDeviceDetail;
  perms: readonly string[];
  onCommand: (command: DeviceCommand) => void;
}

/**
 * ActionMenuButton is one header menu. Like ActionButton: entries without the permission are left out,
 * entries the phone's state forbids are greyed with the reason beside them; a menu with nothing left is hidden.
 */
export function ActionMenuButton({ group, device, perms, onCommand }: ActionMenuButtonProps) {
  const { available_modules: modules } = useUser();
  const entries = menuEntries(group, device, modules)
    .map((a) => ({ action: a, check: a.check(device, perms) }))
    .filter((e) => e.check.permitted);
  if (entries.length === 0) return null;
  const items: MenuProps['items'] = entries.map(({ action, check }) => ({
    key: action.command,
    icon: action.icon,
    danger: action.danger,
    disabled: !check.allowed,
    label: check.allowed ? (
      action.label
    ) : (
      <Hint title={check.reason} placement="left">
        {action.label}
      </Hint>
    ),
  }));
  return (
    <LazyMenuDropdown items={items} onClick={(key) => onCommand(key as DeviceCommand)}>
      <Button>
        {group.label} <DownOutlined />
      </Button>
    </LazyMenuDropdown>
  );
}
