import type { ApiKeyGenerated, ApiKeyPreview } from '@lease/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Modal, Skeleton } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useRef, useState } from 'react';
import { apiKeyKeys, generateApiKey, previewApiKey } from '../../../api/apiKey.ts';
import { SensitiveConfirmDialog } from '../config/components/SensitiveConfirmDialog.tsx';

type Step = 'preview' | 'confirm' | 'secret';

/**
 * GenerateKeyFlow is 生成密钥 in three steps: what a new pair changes (the server's preview), the password,
 * then the secret itself, shown this once with a copy button; the window only closes once the admin says it
 * is saved.
 */
export function GenerateKeyFlow({ needSms, onClose }: { needSms: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('preview');
  const [generated, setGenerated] = useState<ApiKeyGenerated | null>(null);
  // The password dialog calls onClose right after a successful confirm, with the closure of its own render.
  const created = useRef<ApiKeyGenerated | null>(null);
  const preview = useQuery({ queryKey: ['api-key', 'preview'], queryFn: previewApiKey, gcTime: 0, staleTime: 0 });

  if (step === 'confirm') {
    return (
      <SensitiveConfirmDialog
        title="确认生成密钥"
        effect={preview.data?.has_key ? '旧的 API Key 和密钥将立即失效。' : '将生成新的 API Key 和密钥。'}
        okText="确认生成"
        danger={preview.data?.has_key}
        needSms={needSms}
        onConfirm={async (proof) => {
          const result = await generateApiKey(proof);
          created.current = result;
          setGenerated(result);
          await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
        }}
        // The dialog closes itself after a successful confirm: go on to the secret, or end on cancel.
        onClose={() => (created.current ? setStep('secret') : onClose())}
      />
    );
  }
  if (step === 'secret' && generated) return <SecretOnce generated={generated} onClose={onClose} />;
  return <PreviewStep preview={preview.data} loading={preview.isLoading} onNext={() => setStep('confirm')} onClose={onClose} />;
}

function PreviewStep({ preview, loading, onNext, onClose }: { preview?: ApiKeyPreview; loading: boolean; onNext: () => void; onClose: () => void }) {
  return (
    <Modal
      open
      title={preview?.has_key ? '重新生成密钥' : '生成密钥'}
      okText="继续生成"
      cancelText="取消"
      onOk={onNext}
      onCancel={onClose}
      okButtonProps={{ disabled: !preview, danger: preview?.has_key }}
      width={520}
    >
      {loading || !preview ? (
        <Skeleton active />
      ) : (
        <Alert
          type={preview.has_key ? 'warning' : 'info'}
          showIcon
          title={preview.has_key ? '生成新密钥会带来以下影响' : '生成前请了解'}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {preview.effects.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}

function SecretOnce({ generated, onClose }: { generated: ApiKeyGenerated; onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Modal
      open
      title="密钥已生成"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" disabled={!saved} onClick={onClose}>
          我已保存，关闭
        </Button>
      }
      width={600}
    >
      <Alert
        type="warning"
        showIcon
        title="密钥只显示这一次"
        description="关闭此窗口后将无法再次查看密钥。请立即复制并保存到安全的地方；遗失只能重新生成，旧密钥随之失效。"
        style={{ marginBottom: 16 }}
      />
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 120 } }}
        items={[
          {
            key: 'key',
            label: 'API Key',
            children: (
              <Typography.Text copyable code>
                {generated.api_key}
              </Typography.Text>
            ),
          },
          {
            key: 'secret',
            label: '密钥（Secret）',
            children: (
              <Typography.Text copyable={{ text: generated.api_secret_key, tooltips: ['复制密钥', '已复制'] }} code style={{ wordBreak: 'break-all' }}>
                {generated.api_secret_key}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ marginTop: 16 }}>
        我已复制并妥善保存密钥
      </Checkbox>
    </Modal>
  );
}
