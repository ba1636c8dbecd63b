import { Checkbox, Form } from 'antd';
import { WallpaperChoiceFields, type WallpaperValues } from '../../../wallpaper/WallpaperChoiceFields.tsx';
import { ConfirmCommandModal } from '../../ios/commands/ConfirmCommandModal.tsx';
import type { OperationDialogProps } from './OperationDialogs.tsx';
import { androidTitle, useAndroidOperation } from './useAndroidOperation.ts';


/**
 * WallpaperDialog sets one picture of the store's library (WallpaperPicker) as the phone's wallpaper. Unless
 * the clerk allows it, the hirer cannot change it back.
 */
export default function WallpaperDialog({ device, onClose, onDone }: OperationDialogProps) {
  const [form] = Form.useForm<WallpaperValues>();
  const send = useAndroidOperation(device.id, 'set-wallpaper', {
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  return (
    <ConfirmCommandModal
      title={`设置壁纸 · ${androidTitle(device)}`}
      okText="设置壁纸"
      width={720}
      effect="设备联网后下载并设置所选壁纸。"
      form={form}
      pending={send.isPending}
      onClose={onClose}
      onSubmit={(v) => send.mutate({ wallpaper_id: v.wallpaper_id, where: v.where, allow_modify: v.allow_modify === true })}
      fields={
        <>
          <WallpaperChoiceFields form={form} />
          <Form.Item name="allow_modify" valuePropName="checked" initialValue={false}>
            <Checkbox>允许租机人自行更换壁纸</Checkbox>
          </Form.Item>
        </>
      }
    />
  );
}
