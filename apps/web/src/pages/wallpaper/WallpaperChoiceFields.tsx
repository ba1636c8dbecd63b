import { WallpaperType, wallpaperTypeLabel } from '@lease/shared';
import { Form, type FormInstance, Radio } from 'antd';
import { WallpaperPicker } from './WallpaperPicker.tsx';

/** WallpaperValues are what a set-wallpaper dialog sends, on either platform. */
export interface WallpaperValues {
  wallpaper_id?: string;
  where: number;
  allow_modify?: boolean;
}

const WHERE_OPTIONS = Object.entries(wallpaperTypeLabel).map(([value, label]) => ({ value: Number(value), label }));

/**
 * WallpaperChoiceFields are the picture and the screen of a set-wallpaper dialog (Apple and Android): picking a
 * picture also takes the screen it was uploaded for.
 */
export function WallpaperChoiceFields({ form }: { form: FormInstance<WallpaperValues> }) {
  return (
    <>
      <Form.Item name="wallpaper_id" label="壁纸" rules={[{ required: true, message: '请选择壁纸' }]}>
        <WallpaperPicker
          onChange={(id, w) => {
            form.setFieldsValue({ wallpaper_id: id, where: w.type });
            void form.validateFields(['wallpaper_id']);
          }}
        />
      </Form.Item>
      <Form.Item name="where" label="设置位置" initialValue={WallpaperType.BOTH}>
        <Radio.Group options={WHERE_OPTIONS} />
      </Form.Item>
    </>
  );
}
