import { wallpaperTypeLabel, type WallpaperSummary } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Flex, Modal, Spin } from 'antd';
import { wallpaperItemQuery } from '../../api/wallpaper.ts';
import { formatBytes } from './jpegFile.ts';
import { formatDateTime } from '../../lib/time.ts';

/** PreviewDialog shows the full picture of a wallpaper, fetched only when opened. */
export function PreviewDialog({ wallpaper, onClose }: { wallpaper: WallpaperSummary; onClose: () => void }) {
  const item = useQuery(wallpaperItemQuery(wallpaper.id));
  return (
    <Modal open title={wallpaper.name || '未命名壁纸'} footer={null} onCancel={onClose} width={720} destroyOnHidden>
      <Flex gap={24} align="start">
        <Flex justify="center" align="center" style={{ width: 320, minHeight: 400, background: '#f5f5f5', borderRadius: 8 }}>
          {item.data ? (
            <img src={item.data.content} alt={wallpaper.name || '壁纸'} style={{ maxWidth: 320, maxHeight: '65vh', objectFit: 'contain' }} />
          ) : (
            // The thumbnail stands in while the full picture loads.
            <Spin spinning={item.isLoading}>
              <img src={wallpaper.thumbnail} alt="缩略图" style={{ maxWidth: 320, maxHeight: '65vh', filter: 'blur(1px)' }} />
            </Spin>
          )}
        </Flex>
        <Descriptions column={1} size="small" style={{ flex: 1 }}>
          <Descriptions.Item label="用途">{wallpaperTypeLabel[wallpaper.type]}</Descriptions.Item>
          <Descriptions.Item label="尺寸">
            {wallpaper.width}×{wallpaper.height} 像素
          </Descriptions.Item>
          <Descriptions.Item label="大小">{formatBytes(wallpaper.size)}</Descriptions.Item>
          <Descriptions.Item label="上传时间">{formatDateTime(wallpaper.date_created)}</Descriptions.Item>
        </Descriptions>
      </Flex>
    </Modal>
  );
}
