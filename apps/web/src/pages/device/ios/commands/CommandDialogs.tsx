import { LockStatus, SmsGuardedAction } from '@lease/shared';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useNeedSms } from '../release/SensitiveFields.tsx';
import { sensitiveProof } from '../../../../forms/SensitiveFields.tsx';
import { TypedConfirmField } from '../../../../forms/TypedConfirmField.tsx';
import { dialogFactory } from '../../shared/CommandDialog.tsx';
import { CommandConfirmDialog, type CommandConfirmProps, type CommandWording } from './CommandConfirmDialog.tsx';
import type { DeviceRef } from './useDeviceCommand.ts';

/** Each remote command has its own dialog with its own wording; they share CommandConfirmDialog's frame. */

/** commandDialog makes the dialog of a command that needs only its wording (and, if it cannot be undone, the confirmation tick). */
const commandDialog = dialogFactory<CommandConfirmProps, CommandWording>(CommandConfirmDialog);

export const UnlockDialog = commandDialog({
  command: 'unlock',
  title: '解锁设备',
  effect: '解锁后设备退出丢失模式，租机人可以正常使用；未执行的预约锁定会一并取消。设备离线时，将在下次联网后执行。',
  okText: '解锁设备',
});

export const PlaySoundDialog = commandDialog({
  command: 'play-lost-mode-sound',
  title: '播放丢失提示音',
  effect: '设备将以最大音量持续播放提示音，直到有人在设备上关闭。仅在丢失模式下有效。',
  okText: '播放提示音',
});

export const RebootDialog = commandDialog({
  command: 'reboot',
  title: '重启设备',
  effect: '设备将立即重启，正在进行的通话和未保存的内容会中断。设备离线时，将在下次联网后执行。',
  okText: '重启设备',
  danger: true,
});

export const LocateDialog = commandDialog({
  command: 'get-location',
  title: '获取定位',
  effect: '向处于丢失模式的设备请求当前位置。设备回应后，位置会出现在“定位”标签页中。',
  okText: '获取定位',
});

/** ClearPasscodeDialog is a sensitive action (DESIGN §4): the password, and an SMS code when the store asks for one. */
export function ClearPasscodeDialog(p: CommandConfirmProps) {
  const needSms = useNeedSms(SmsGuardedAction.CLEAR_PASSCODE);
  return (
    <CommandConfirmDialog
      {...p}
      command="clear-passcode"
      title="清除锁屏密码"
      effect="设备的锁屏密码将被清除，任何人拿到设备都可以直接进入。请确认租机人已同意或设备已收回。"
      okText="清除密码"
      danger
      {...sensitiveProof(needSms)}
    />
  );
}

/** LOCK_KEPT: the lock states a phone keeps in the recycle bin, where no unlock can be sent. */
const LOCK_KEPT: readonly number[] = [LockStatus.LOCKED, LockStatus.LOCKING];

/** recycleWarning: what the clerk must know before a locked (or locking) phone goes to the recycle bin, or null. */
export function recycleWarning(device: DeviceRef): string | null {
  if (device.lock_status === undefined || !LOCK_KEPT.includes(device.lock_status)) return null;
  return '设备仍处于锁定状态（丢失模式），移入回收站后无法解锁：租机人的手机会一直锁定，直到把设备移出回收站再解锁。若租机人已结清，请先解锁或使用“结清释放”。';
}

const RECYCLE = {
  command: 'move-to-recycle-bin',
  title: '移入回收站',
  effect: '设备将从列表移到回收站，不能再下发指令；设备上的管理不受影响，可随时移出回收站恢复。',
  okText: '移入回收站',
  doneText: '已移入回收站',
} as const;

/** MoveToRecycleBinDialog: reversible, so no tick, except for a locked phone, which stays locked there (asks to confirm that). */
export function MoveToRecycleBinDialog(p: CommandConfirmProps) {
  const warning = recycleWarning(p.device);
  if (!warning) return <CommandConfirmDialog {...p} {...RECYCLE} />;
  return (
    <CommandConfirmDialog
      {...p}
      {...RECYCLE}
      alert="warning"
      effect={
        <>
          <Typography.Text strong>{warning}</Typography.Text>
          <div style={{ marginTop: 4 }}>{RECYCLE.effect}</div>
        </>
      }
      confirm="我已知晓设备将保持锁定，仍移入回收站"
      danger
    />
  );
}

export const RestoreDialog = commandDialog({
  command: 'restore-from-recycle-bin',
  title: '移出回收站',
  effect: '设备将回到设备列表，可以继续管理和下发指令。',
  okText: '移出回收站',
  doneText: '已移出回收站',
});

/** RemoveDialog deletes a device for good; the clerk types its serial number as the strong confirmation. */
export const RemoveDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="remove"
    title="彻底删除设备"
    alert="error"
    effect="删除后无法恢复：设备记录、操作记录中的关联将被移除，设备下次联网时会自动脱离管理，占用的设备名额随即释放。"
    confirm="我已了解后果，确认彻底删除此设备"
    okText="彻底删除"
    danger
    doneText="设备已彻底删除"
    fields={<TypedConfirmField name="typed_serial" what="序列号" expected={p.device.serial_number} mismatch="序列号不一致" />}
  />
);
