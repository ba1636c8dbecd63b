import { SoundOutlined } from '@ant-design/icons';
import type { IosDeviceDetail } from '@lease/shared';
import type { DeviceCommand } from '../commands/DeviceCommandDialog.tsx';
import type { SheetSection } from '../../shared/sheetActions.ts';
import { ACTION_MENUS, type MenuGroup } from './actionMenus.tsx';
import { canPlaySound } from './deviceActions.ts';

/** menuEntries are a header menu's entries this store and phone show (module bought, entry visible for the phone's state). */
export function menuEntries(group: MenuGroup, device: IosDeviceDetail, modules: readonly string[]) {
  return group.actions.filter((a) => (a.visible?.(device) ?? true) && (!a.module || modules.includes(a.module)));
}

/**
 * phoneSheetSections is everything the phone header folds into its "more" sheet: the sound, then the
 * desktop header's menus with their titles, so a clerk finds an action under the same heading on both.
 */
export function phoneSheetSections(
  device: IosDeviceDetail,
  perms: readonly string[],
  modules: readonly string[],
  onCommand: (c: DeviceCommand) => void,
): SheetSection[] {
  return [
    {
      key: 'common',
      title: '常用',
      actions: [{ key: 'sound', label: '播放提示音', icon: <SoundOutlined />, check: canPlaySound(device, perms), onClick: () => onCommand('sound') }],
    },
    ...ACTION_MENUS.map((group) => ({
      key: group.key,
      title: group.label,
      actions: menuEntries(group, device, modules).map((a) => ({
        key: a.command,
        label: a.label,
        icon: a.icon,
        danger: a.danger,
        check: a.check(device, perms),
        onClick: () => onCommand(a.command),
      })),
    })),
  ];
}
