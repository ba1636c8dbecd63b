import { Checkbox, Form } from 'antd';
import type { WallpaperValues } from '../../../wallpaper/WallpaperChoiceFields.tsx';
import { closeThenDone } from '../../shared/CommandDialog.tsx';
import { WallpaperCommandDialog } from '../../shared/WallpaperCommandDialog.tsx';
import type { OperationDialogProps } from './OperationDialogs.tsx';
import { androidTitle, useAndroidOperation } from './useAndroidOperation.ts';

/**
 * WallpaperDialog sets one picture of the store's library (WallpaperPicker) as the phone's wallpaper. Unless
 * the clerk allows it, the hirer cannot change it back.
 */
export default function WallpaperDialog({ device, onClose, onDone }: OperationDialogProps) {
  const [form] = Form.useForm<WallpaperValues>();
  const send = useAndroidOperation(device.id, 'set-wallpaper', { onSuccess: closeThenDone({ onClose, onDone }) });
  return (
    <WallpaperCommandDialog
      form={form}
      deviceTitle={androidTitle(device)}
      effect="设备联网后下载并设置所选壁纸。"
      pending={send.isPending}
      send={(choice) => send.mutate(choice)}
      onClose={onClose}
      allowField={
        <Form.Item name="allow_modify" valuePropName="checked" initialValue={false}>
          <Checkbox>允许租机人自行更换壁纸</Checkbox>
        </Form.Item>
      }
    />
  );
}
