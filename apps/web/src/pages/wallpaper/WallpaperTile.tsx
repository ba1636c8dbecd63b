import { CheckCircleFilled } from '@ant-design/icons';
import { wallpaperTypeLabel, type WallpaperSummary } from '@lease/shared';
import { Flex, Tag, theme } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { formatBytes } from './jpegFile.ts';

interface WallpaperTileProps {
  wallpaper: WallpaperSummary;
  /** Thumbnail box height in pixels; width follows the phone's portrait ratio. */
  height?: number;
  selected?: boolean;
  onClick?: () => void;
  actions?: ReactNode;
}

/** WallpaperTile shows one wallpaper of the library: thumbnail, name, use and size. */
export function WallpaperTile({ wallpaper: w, height = 220, selected, onClick, actions }: WallpaperTileProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      role={onClick ? 'radio' : undefined}
      aria-checked={onClick ? Boolean(selected) : undefined}
      tabIndex={onClick ? 0 : undefined}
      onKeyDown={
        onClick
          ? (e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              onClick();
            }
          : undefined
      }
      aria-label={w.name || '未命名壁纸'}
      onClick={onClick}
      style={{
        width: Math.round(height * 0.6) + 40,
        border: `${selected ? 2 : 1}px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
        cursor: onClick ? 'pointer' : undefined,
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      {selected && <CheckCircleFilled style={{ position: 'absolute', top: 8, right: 8, fontSize: 20, color: token.colorPrimary }} />}
      <div style={{ height, background: token.colorFillQuaternary, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <img src={w.thumbnail} alt={w.name || '壁纸'} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      </div>
      <Flex vertical gap={2} style={{ padding: '8px 10px' }}>
        <Typography.Text strong ellipsis title={w.name || '未命名'}>
          {w.name || '未命名'}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {w.width}×{w.height} · {formatBytes(w.size)}
        </Typography.Text>
        <div>
          <Tag style={{ marginInlineEnd: 0 }}>{wallpaperTypeLabel[w.type] ?? '未知用途'}</Tag>
        </div>
        {actions}
      </Flex>
    </Flex>
  );
}
