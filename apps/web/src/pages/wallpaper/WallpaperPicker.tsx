import { PlusOutlined } from '@ant-design/icons';
import type { WallpaperSummary } from '@lease/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Pagination, Spin } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { wallpaperListQuery } from '../../api/wallpaper.ts';
import { usePermission } from '../../auth/usePermission.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { WALLPAPER_EDIT } from './wallpaperAccess.ts';
import { WallpaperTile } from './WallpaperTile.tsx';

export interface WallpaperPickerProps {
  /** The chosen wallpaper's id. */
  value?: string;
  /** Called with the id and the wallpaper (its `type` suggests where to set it). */
  onChange?: (id: string, wallpaper: WallpaperSummary) => void;
  pageSize?: number;
}

/**
 * WallpaperPicker lets a set-wallpaper dialog choose one picture of the store's library. It works as an antd
 * form control (value/onChange), and a clerk who may keep the library can upload a new one on the spot.
 */
export function WallpaperPicker({ value, onChange, pageSize = 8 }: WallpaperPickerProps) {
  const [pageNum, setPageNum] = useState(0);
  const list = useQuery({ ...wallpaperListQuery(pageNum, pageSize), placeholderData: keepPreviousData });
  const mayUpload = usePermission(WALLPAPER_EDIT);
  const [uploading, setUploading] = useState(false);
  const rows = list.data?.list ?? [];
  // The newest picture is chosen from the start: the dialog can be sent as it opens, and a clerk who wants
  // another taps it. Only when nothing is chosen yet, so a choice is never overridden.
  const first = rows[0];
  useEffect(() => {
    if (!value && first) onChange?.(first.id, first);
  }, [value, first, onChange]);

  const upload = mayUpload && (
    <Button icon={<PlusOutlined />} onClick={() => setUploading(true)}>
      上传新壁纸
    </Button>
  );

  return (
    <Flex vertical gap={12}>
      <Spin spinning={list.isFetching}>
        {list.isSuccess && rows.length === 0 ? (
          <Empty description="门店壁纸库还是空的" image={Empty.PRESENTED_IMAGE_SIMPLE}>
            {upload || <Link to="/console/device/wallpaper">前往壁纸管理</Link>}
          </Empty>
        ) : (
          <Flex wrap gap={12} role="radiogroup" aria-label="选择壁纸" style={{ minHeight: 120 }}>
            {rows.map((w) => (
              <WallpaperTile key={w.id} wallpaper={w} height={150} selected={w.id === value} onClick={() => onChange?.(w.id, w)} />
            ))}
          </Flex>
        )}
      </Spin>
      {rows.length > 0 && (
        <Flex justify="space-between" align="center">
          {upload || <Typography.Text type="secondary">只能选择门店壁纸库中的图片</Typography.Text>}
          <Pagination simple size="small" current={pageNum + 1} pageSize={pageSize} total={list.data?.total ?? 0} onChange={(n) => setPageNum(n - 1)} />
        </Flex>
      )}
      {uploading && (
        <UploadDialog
          onClose={() => setUploading(false)}
          onUploaded={(w) => {
            setPageNum(0);
            onChange?.(w.id, w);
          }}
        />
      )}
    </Flex>
  );
}

export default WallpaperPicker;
