import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Steps, Upload } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { abmKeys, downloadAbmPublicKey, uploadAbmToken } from '../../../api/abm.ts';
import { isApiError } from '../../../api/index.ts';
import { feedback } from '../../../app/feedback.ts';
import { saveBlob } from '../../../lib/download.ts';
import { fileBase64 } from './abmView.ts';

/** AbmSetupSteps walks the admin through connecting ABM: our public key out, Apple's server token back in. */
export function AbmSetupSteps({ uploaded }: { uploaded: boolean }) {
  const queryClient = useQueryClient();
  const [uploadError, setUploadError] = useState<string | null>(null);

  const download = useMutation({
    mutationFn: downloadAbmPublicKey,
    onSuccess: (blob) => {
      saveBlob(blob, 'zujibao-abm-public-key.pem');
      void queryClient.invalidateQueries({ queryKey: abmKeys.info });
    },
  });
  const upload = useMutation({
    mutationFn: async (file: File) => uploadAbmToken(file.name, await fileBase64(file)),
    onMutate: () => setUploadError(null),
    onSuccess: (info) => {
      feedback.message.success(info.last_sync_error ? '服务器令牌已保存，但首次同步失败，请查看同步状态' : '服务器令牌已保存，设备已同步');
      void queryClient.invalidateQueries({ queryKey: abmKeys.all });
    },
    onError: (err) => setUploadError(isApiError(err) ? err.message : '上传失败，请重试'),
  });

  return (
    <Steps
      orientation="vertical"
      current={uploaded ? 3 : -1}
      items={[
        {
          title: '下载公钥',
          content: (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                公钥证书（.pem）由本门店专属生成，私钥加密保存在服务器上，不会离开服务器。
              </Typography.Paragraph>
              <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
                下载公钥
              </Button>
            </>
          ),
        },
        {
          title: '在 Apple 商务管理中上传并下载服务器令牌',
          content: (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              登录 business.apple.com，进入「偏好设置 → 你的 MDM 服务器」，添加（或编辑）一个 MDM 服务器并上传第 1 步的公钥，保存后点击「下载令牌」，得到
              <Typography.Text code>*_smime.p7m</Typography.Text> 文件。再在「设备」中把门店的设备分配给该 MDM 服务器。
            </Typography.Paragraph>
          ),
        },
        {
          title: '上传 .p7m',
          content: (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                上传后服务器会解密令牌、向 Apple 验证，并立即同步分配给本门店的设备；之后每 30 分钟自动同步一次。令牌一年有效，到期前请重新下载上传。
              </Typography.Paragraph>
              <Upload
                accept=".p7m"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(file) => {
                  upload.mutate(file);
                  return false;
                }}
              >
                <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                  {uploaded ? '上传新的服务器令牌' : '上传服务器令牌（.p7m）'}
                </Button>
              </Upload>
              {uploadError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={uploadError} />}
            </>
          ),
        },
      ]}
    />
  );
}
