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
        // The agent applies the choice with each wallpaper (the server keeps no standing rule to start from), so the
        // dialog says what leaving it unticked does rather than implying it changes nothing.
        <Form.Item name="allow_modify" valuePropName="checked" initialValue={false} extra="不勾选：设置后租机人不能自行更换壁纸（此前允许的也改为禁止）。">
          <Checkbox>允许租机人自行更换壁纸</Checkbox>
        </Form.Item>
      }
    />
  );
}
