import { useQuery } from '@tanstack/react-query';
import { Form, Switch } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useEffect } from 'react';
import { currentWallpaperQuery } from '../../../../api/iosSettings.ts';
import type { WallpaperValues } from '../../../wallpaper/WallpaperChoiceFields.tsx';
import { closeThenDone } from '../../shared/CommandDialog.tsx';
import { WallpaperCommandDialog } from '../../shared/WallpaperCommandDialog.tsx';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';
import { CurrentWallpaper } from './CurrentWallpaper.tsx';

/**
 * allowModifyText says plainly what the switch does to the phone, against what the phone has now (`current`,
 * null when it could not be read): whether the restrictions profile changes, or nothing does.
 */
export function allowModifyText(allow: boolean, current: boolean | null): string {
  if (current === null) return allow ? '租机人可以在手机上自行更换壁纸。' : '租机人不能在手机上更换壁纸（设备的限制描述文件会带上「禁止更换壁纸」）。';
  if (allow === current) return allow ? '不变：租机人仍可自行更换壁纸，不会下发限制。' : '不变：租机人仍不能更换壁纸（「禁止更换壁纸」保持生效）。';
  return allow
    ? '将解除「禁止更换壁纸」：同时更新设备的限制描述文件，之后租机人可以自行更换壁纸。'
    : '将禁止租机人更换壁纸：同时更新设备的限制描述文件（禁止更换壁纸），直到你在此处重新允许。';
}

/**
 * SetWallpaperDialog sets one picture of the store's library (WallpaperPicker) on the lock screen, the home
 * screen or both (Settings.Wallpaper, supervised phones only), and decides whether the hirer may change it.
 * The switch starts from what the phone has now, so setting a picture changes no restriction unless the clerk
 * flips it.
 */
export function SetWallpaperDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const [form] = Form.useForm<WallpaperValues>();
  const current = useQuery(currentWallpaperQuery(device.id));
  const now = current.data?.allow_modify ?? null;
  const allow = Form.useWatch('allow_modify', form) ?? now ?? false;
  const send = useDeviceCommand('set-wallpaper', { onSuccess: closeThenDone({ onClose, onDone }) });
  const changes = now !== null && allow !== now;
  // The switch starts from the phone's state once it is read, unless the clerk already moved it.
  useEffect(() => {
    if (now !== null && !form.isFieldTouched('allow_modify')) form.setFieldValue('allow_modify', now);
  }, [form, now]);
  return (
    <WallpaperCommandDialog
      form={form}
      deviceTitle={deviceTitle(device)}
      effect={`设备联网后，所选图片会设为壁纸。iOS 16 及以上的设备第一次由门店设置壁纸时，锁屏和主屏幕会同时换成这张图片。${now === null ? '' : changes ? allowModifyText(allow, now) : '不改变设备的限制。'}`}
      pending={send.isPending}
      send={(choice) => send.mutate({ device_id: device.id, ...choice })}
      onClose={onClose}
      before={current.data && <CurrentWallpaper state={current.data} />}
      allowField={
        <Form.Item
          label="允许租机人更换壁纸"
          extra={
            <Typography.Text type={changes ? 'warning' : 'secondary'}>
              {current.isError && '未能读取设备当前设置。'}
              {current.isPending ? '正在读取设备当前设置…' : allowModifyText(allow, now)}
            </Typography.Text>
          }
        >
          <Form.Item name="allow_modify" valuePropName="checked" initialValue={false} noStyle>
            <Switch aria-label="允许租机人更换壁纸" disabled={current.isPending} />
          </Form.Item>
        </Form.Item>
      }
    />
  );
}
