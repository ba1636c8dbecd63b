import { Form, Input, Typography } from 'antd';
import { CommandConfirmDialog, type CommandConfirmProps } from './CommandConfirmDialog.tsx';

/** Each remote command has its own dialog with its own wording; they share CommandConfirmDialog's frame. */

export const UnlockDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="unlock"
    title="解锁设备"
    effect="解锁后设备退出丢失模式，租机人可以正常使用；未执行的预约锁定会一并取消。设备离线时，将在下次联网后执行。"
    confirm="我确认解锁此设备"
    okText="解锁设备"
  />
);

export const PlaySoundDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="play-lost-mode-sound"
    title="播放丢失提示音"
    effect="设备将以最大音量持续播放提示音，直到有人在设备上关闭。仅在丢失模式下有效。"
    confirm="我确认在此设备上播放提示音"
    okText="播放提示音"
  />
);

export const RebootDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="reboot"
    title="重启设备"
    effect="设备将立即重启，正在进行的通话和未保存的内容会中断。设备离线时，将在下次联网后执行。"
    confirm="我确认重启此设备"
    okText="重启设备"
    danger
  />
);

export const LocateDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="get-location"
    title="获取定位"
    effect="向处于丢失模式的设备请求当前位置。设备回应后，位置会出现在“定位”标签页中。"
    confirm="我确认获取此设备的位置"
    okText="获取定位"
  />
);

export const ClearPasscodeDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="clear-passcode"
    title="清除锁屏密码"
    effect="设备的锁屏密码将被清除，任何人拿到设备都可以直接进入。请确认租机人已同意或设备已收回。"
    confirm="我确认清除此设备的锁屏密码"
    okText="清除密码"
    danger
    sendFields={['password']}
    fields={
      <Form.Item name="password" label="登录密码或二级密码" rules={[{ required: true, message: '请输入密码以确认身份' }]}>
        <Input.Password autoComplete="current-password" placeholder="敏感操作，需要验证你的身份" />
      </Form.Item>
    }
  />
);

export const MoveToRecycleBinDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="move-to-recycle-bin"
    title="移入回收站"
    effect="设备将从列表移到回收站，不能再下发指令；设备上的管理不受影响，可随时移出回收站恢复。"
    confirm="我确认将此设备移入回收站"
    okText="移入回收站"
    doneText="已移入回收站"
  />
);

export const RestoreDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="restore-from-recycle-bin"
    title="移出回收站"
    effect="设备将回到设备列表，可以继续管理和下发指令。"
    confirm="我确认将此设备移出回收站"
    okText="移出回收站"
    doneText="已移出回收站"
  />
);

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
    fields={
      <Form.Item
        name="typed_serial"
        label={
          <span>
            请输入序列号 <Typography.Text code>{p.device.serial_number}</Typography.Text> 以确认
          </span>
        }
        rules={[
          {
            validator: async (_r, v: unknown) => {
              if (String(v ?? '').trim().toUpperCase() !== p.device.serial_number.toUpperCase()) throw new Error('序列号不一致');
            },
          },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    }
  />
);
