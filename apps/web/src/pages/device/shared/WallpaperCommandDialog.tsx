import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { WallpaperChoiceFields, type WallpaperValues } from '../../wallpaper/WallpaperChoiceFields.tsx';
import { ConfirmCommandModal } from './ConfirmCommandModal.tsx';

interface WallpaperCommandDialogProps {
  form: FormInstance<WallpaperValues>;
  /** The device as the clerk knows it, after the dialog's title. */
  deviceTitle: string;
  /** When and how the phone takes the picture, on this platform. */
  effect: string;
  pending: boolean;
  /** Sends the choice: `wallpaper_id`, `where` and `allow_modify`. */
  send: (choice: Record<string, unknown>) => void;
  onClose: () => void;
  /** Shown above the picker (the phone's current wallpaper). */
  before?: ReactNode;
  /** The field that lets the hirer change the wallpaper back (`allow_modify`), below the picker. */
  allowField: ReactNode;
}

/**
 * WallpaperCommandDialog is the wallpaper dialog of both platforms: one picture of the store's library
 * (WallpaperChoiceFields) in the command frame, and whether the hirer may change it back.
 */
export function WallpaperCommandDialog({ form, deviceTitle, send, before, allowField, ...rest }: WallpaperCommandDialogProps) {
  return (
    <ConfirmCommandModal
      {...rest}
      title={`设置壁纸 · ${deviceTitle}`}
      okText="设置壁纸"
      width={720}
      form={form}
      onSubmit={(v) => send({ wallpaper_id: v.wallpaper_id, where: v.where, allow_modify: v.allow_modify === true })}
      fields={
        <>
          {before}
          <WallpaperChoiceFields form={form} />
          {allowField}
        </>
      }
    />
  );
}
