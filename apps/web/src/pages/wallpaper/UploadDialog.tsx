import { InboxOutlined } from '@ant-design/icons';
import { WallpaperType, wallpaperTypeLabel, type WallpaperSummary } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Form, Input, Modal, Progress, Radio, Upload } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import { useState } from 'react';
import { uploadWallpaper, wallpaperKeys } from '../../api/wallpaper.ts';
import { feedback } from '../../app/feedback.ts';
import { formatBytes, type JpegFile, readWallpaperFile } from './jpegFile.ts';

interface Values {
  name: string;
  type: WallpaperType;
}

const typeOptions = Object.entries(wallpaperTypeLabel).map(([value, label]) => ({ value: Number(value), label }));

/** UploadDialog adds a JPEG to the store's library: checked here first, then sent with a progress bar. */
export function UploadDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded?: (w: WallpaperSummary) => void }) {
  const [form] = Form.useForm<Values>();
  const [picked, setPicked] = useState<(JpegFile & { converted?: boolean }) | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (v: Values) => uploadWallpaper({ content: picked!.dataUri, name: v.name, type: v.type }, setPercent),
    onSuccess: async (w) => {
      feedback.message.success('壁纸已上传');
      onUploaded?.(w);
      onClose();
      await queryClient.invalidateQueries({ queryKey: wallpaperKeys.all });
    },
    onError: () => setPercent(0),
  });

  async function pick(file: File) {
    setRefusal(null);
    const check = await readWallpaperFile(file);
    if (!check.ok) {
      setPicked(null);
      setRefusal(check.reason);
      return;
    }
    setPicked({ ...check.file, converted: check.converted });
    // A name from the file helps the clerk find it again; they may change it.
    if (!form.getFieldValue('name')) form.setFieldValue('name', file.name.replace(/\.[^.]+$/, '').slice(0, 40));
  }

  return (
    <Modal
      open
      title="上传壁纸"
      okText="上传"
      cancelText="取消"
      okButtonProps={{ disabled: !picked, loading: upload.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={!upload.isPending}
      width={560}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Upload.Dragger
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
          multiple={false}
          showUploadList={false}
          disabled={upload.isPending}
          // Nothing goes to the server here: the file is checked and read, then sent on 上传.
          beforeUpload={(file) => {
            void pick(file);
            return Upload.LIST_IGNORE;
          }}
        >
          {picked ? (
            <Flex vertical align="center" gap={8}>
              <img src={picked.dataUri} alt="待上传的壁纸" style={{ maxHeight: 200, maxWidth: '100%', objectFit: 'contain' }} />
              <Typography.Text type="secondary">
                {picked.width}×{picked.height} · {formatBytes(picked.size)}
                {picked.converted ? ' · 已转换为 JPEG' : ''}（点击或拖入可更换）
              </Typography.Text>
            </Flex>
          ) : (
            <>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或将图片拖到此处</p>
              <p className="ant-upload-hint">支持 JPEG 和 PNG（PNG 自动转换为 JPEG），不超过 5 MB；建议使用手机屏幕比例的竖图</p>
            </>
          )}
        </Upload.Dragger>
        {refusal && <Alert type="error" showIcon title={refusal} />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: '', type: WallpaperType.BOTH }}
          onFinish={(v) => upload.mutate(v)}
          disabled={upload.isPending}
        >
          <Form.Item name="name" label="名称" rules={[{ max: 40, message: '名称最多 40 个字符' }]}>
            <Input placeholder="如：还款提醒锁屏" allowClear />
          </Form.Item>
          <Form.Item name="type" label="用途" extra="设置壁纸时默认用于此位置，届时仍可更改">
            <Radio.Group options={typeOptions} />
          </Form.Item>
        </Form>
        {upload.isPending && <Progress percent={percent} status="active" />}
      </Flex>
    </Modal>
  );
}
