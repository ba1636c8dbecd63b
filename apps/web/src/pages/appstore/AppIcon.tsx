import { Avatar } from 'antd';

/** AppIcon shows an app's App Store artwork, or its first character when there is none or it fails to load. */
export function AppIcon({ name, icon, size = 36 }: { name: string; icon?: string; size?: number }) {
  return (
    <Avatar
      shape="square"
      size={size}
      src={icon || undefined}
      style={{ borderRadius: size * 0.22, background: icon ? 'transparent' : '#8c8c8c', flex: 'none' }}
    >
      {[...name][0] ?? '?'}
    </Avatar>
  );
}
