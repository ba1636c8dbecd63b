import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { WallpaperSummary } from '@lease/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Pagination, Popconfirm, Spin } from 'antd';
import { useState } from 'react';
import { deleteWallpaper, wallpaperKeys, wallpaperListQuery } from '../../api/wallpaper.ts';
import { feedback } from '../../app/feedback.ts';
import { usePermission } from '../../auth/usePermission.tsx';
import { Panel } from '../../components/Panel.tsx';
import { showTotal } from '../../components/pagination.ts';
import { PreviewDialog } from './PreviewDialog.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { WALLPAPER_EDIT } from './wallpaperAccess.ts';
import { WallpaperTile } from './WallpaperTile.tsx';

const PAGE_SIZES = [12, 24, 48];

/** WallpaperPage is the store's wallpaper library (/console/device/wallpaper). */
export default function WallpaperPage() {
  const mayEdit = usePermission(WALLPAPER_EDIT);
  const [page, setPage] = useState({ num: 0, size: 24 });
  const list = useQuery({ ...wallpaperListQuery(page.num, page.size), placeholderData: keepPreviousData });
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<WallpaperSummary | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteWallpaper(id),
    onSuccess: async () => {
      feedback.message.success('壁纸已删除');
      // Deleting the last one of a page goes back a page.
      if (list.data?.list.length === 1 && page.num > 0) setPage((p) => ({ ...p, num: p.num - 1 }));
      await queryClient.invalidateQueries({ queryKey: wallpaperKeys.all });
    },
  });

  const uploadButton = mayEdit && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)}>
      上传壁纸
    </Button>
  );
  const rows = list.data?.list ?? [];

  return (
    <Panel title="壁纸管理" extra={uploadButton}>
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          title="门店壁纸库：Apple 与 Android 设备的「设置壁纸」从这里选择图片。支持 JPEG 和 PNG（PNG 等图片在浏览器中自动转换为 JPEG），单张不超过 5 MB；删除壁纸不影响已设置到设备上的壁纸。"
        />
        <Spin spinning={list.isFetching && !list.isLoading}>
          {list.isLoading ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin />
            </Flex>
          ) : rows.length === 0 ? (
            <Empty description={mayEdit ? '还没有壁纸，上传一张 JPEG 或 PNG 图片开始使用' : '还没有壁纸，请联系有「设置壁纸」权限的店员上传'}>
              {uploadButton}
            </Empty>
          ) : (
            <Flex wrap gap={16}>
              {rows.map((w) => (
                <WallpaperTile
                  key={w.id}
                  wallpaper={w}
                  actions={
                    <Flex gap={4} style={{ marginTop: 4 }}>
                      <Button size="small" icon={<EyeOutlined />} onClick={() => setPreview(w)}>
                        预览
                      </Button>
                      {mayEdit && (
                        <Popconfirm
                          title="删除这张壁纸？"
                          description="删除后不可恢复；已设置到设备上的壁纸不受影响。"
                          okText="删除"
                          cancelText="取消"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => remove.mutateAsync(w.id).catch(() => undefined)}
                        >
                          <Button size="small" danger icon={<DeleteOutlined />}>
                            删除
                          </Button>
                        </Popconfirm>
                      )}
                    </Flex>
                  }
                />
              ))}
            </Flex>
          )}
        </Spin>
        {(list.data?.total ?? 0) > page.size && (
          <Flex justify="end">
            <Pagination
              current={page.num + 1}
              pageSize={page.size}
              total={list.data?.total ?? 0}
              showSizeChanger
              pageSizeOptions={PAGE_SIZES}
              showTotal={showTotal}
              onChange={(n, size) => setPage({ num: size === page.size ? n - 1 : 0, size })}
            />
          </Flex>
        )}
      </Flex>
      {uploading && <UploadDialog onClose={() => setUploading(false)} />}
      {preview && <PreviewDialog wallpaper={preview} onClose={() => setPreview(null)} />}
    </Panel>
  );
}
