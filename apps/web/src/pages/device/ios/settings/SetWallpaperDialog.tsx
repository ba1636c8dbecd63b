import { useQuery } from '@tanstack/react-query';
import { Form, Switch, Typography } from 'antd';
import { currentWallpaperQuery } from '../../../../api/iosSettings.ts';
import type { WallpaperValues } from '../../../wallpaper/WallpaperChoiceFields.tsx';
import { closeThenDone } from '../../shared/CommandDialog.tsx';
import { WallpaperCommandDialog } from '../../shared/WallpaperCommandDialog.tsx';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';
import { CurrentWallpaper } from './CurrentWallpaper.tsx';

/** The consequence of the switch, said plainly under it. */
export const allowModifyText = (allow: boolean) =>
  allow ? '租机人可以在手机上自行更换壁纸。' : '租机人不能在手机上更换壁纸：将同时更新设备的限制描述文件（禁止更换壁纸），直到你在此处重新允许。';

/**
 * SetWallpaperDialog sets one picture of the store's library (WallpaperPicker) on the lock screen, the home
 * screen or both (Settings.Wallpaper, supervised phones only), and decides whether the hirer may change it.
 */
export function SetWallpaperDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const [form] = Form.useForm<WallpaperValues>();
  const allow = Form.useWatch('allow_modify', form) ?? false;
  const current = useQuery(currentWallpaperQuery(device.id));
  const send = useDeviceCommand('set-wallpaper', { onSuccess: closeThenDone({ onClose, onDone }) });
  return (
    <WallpaperCommandDialog
      form={form}
      deviceTitle={deviceTitle(device)}
      effect="设备联网后，所选图片会设为壁纸。iOS 16 及以上的设备第一次由门店设置壁纸时，锁屏和主屏幕会同时换成这张图片。"
      pending={send.isPending}
      send={(choice) => send.mutate({ device_id: device.id, ...choice })}
      onClose={onClose}
      before={current.data && <CurrentWallpaper state={current.data} />}
      allowField={
        <Form.Item label="允许租机人更换壁纸" extra={<Typography.Text type={allow ? 'secondary' : 'warning'}>{allowModifyText(allow)}</Typography.Text>}>
          <Form.Item name="allow_modify" valuePropName="checked" initialValue={false} noStyle>
            <Switch aria-label="允许租机人更换壁纸" />
          </Form.Item>
        </Form.Item>
      }
    />
  );
}
