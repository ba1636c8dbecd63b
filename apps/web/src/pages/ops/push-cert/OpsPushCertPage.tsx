import { CloudUploadOutlined, DownloadOutlined, FileProtectOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PushCertStatus, PushCertificateView } from '@lease/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Input, Popconfirm, Space, Tag, Upload } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { errorToastText, isApiError } from '../../../api/errors.ts';
import { opsPushCertQuery, opsPushCsr, opsPushInstall, opsPushVendorSign, pushCertKeys } from '../../../api/ops-push-cert.ts';
import { Panel } from '../../../components/Panel.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { dateOf, daysLeftText, daysTone, readFileText, sourceLabel } from './pushCertFormat.ts';

const errorText = (err: unknown) => (isApiError(err) ? (err.errors?.[0]?.message ?? errorToastText(err)) : '操作失败，请稍后重试');

function CertificateFacts({ cert, title }: { cert: PushCertificateView; title: string }) {
  // A phone has no width for a label column: labels go above their values.
  const phone = useIsPhone();
  return (
    <Descriptions
      title={title}
      size="small"
      column={1}
      bordered
      layout={phone ? 'vertical' : 'horizontal'}
      styles={{ label: phone ? undefined : { width: 120 } }}
    >
      <Descriptions.Item label="推送主题">
        <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
          {cert.topic}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="有效期至">
        <Space wrap>
          <span data-testid="push-cert-not-after">{dateOf(cert.not_after)}</span>
          <Tag color={daysTone(cert.days_left)}>{daysLeftText(cert.days_left)}</Tag>
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="主题">
        <span style={{ wordBreak: 'break-all' }}>{cert.subject}</span>
      </Descriptions.Item>
      <Descriptions.Item label="签发者">
        <span style={{ wordBreak: 'break-all' }}>{cert.issuer}</span>
      </Descriptions.Item>
      <Descriptions.Item label="指纹 SHA-256">
        <Typography.Text style={{ wordBreak: 'break-all', fontSize: 12 }}>{cert.fingerprint}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** FileText is a one-file picker that hands the file's text to the page (nothing is uploaded by antd itself). */
function FileText({ label, accept, onText, name }: { label: string; accept: string; onText: (text: string, name: string) => void; name?: string }) {
  return (
    <Space wrap>
      <Upload
        accept={accept}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void readFileText(file).then((text) => onText(text, file.name));
          return false;
        }}
      >
        <Button icon={<CloudUploadOutlined />}>{label}</Button>
      </Upload>
      {name && <Typography.Text type="secondary">{name}</Typography.Text>}
    </Space>
  );
}

function CsrStep({ status, refresh }: { status: PushCertStatus; refresh: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const make = async (replace: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      await opsPushCsr(replace);
      refresh();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const pending = status.pending_csr;
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        服务器生成 2048 位 RSA 私钥和证书请求（CSR）。私钥加密保存在服务器上，不会下载，也不会显示。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} />}
      {pending ? (
        <Space wrap>
          <Tag color="processing">待签发：{dateOf(pending.created_at)} 生成</Tag>
          <Button icon={<DownloadOutlined />} onClick={() => saveBlob(new Blob([pending.csr_pem], { type: 'application/pkcs10' }), 'push.csr')}>
            下载 CSR
          </Button>
          <Popconfirm
            title="重新生成会丢弃当前待签发请求的私钥，用旧请求签发的证书将无法安装。确定？"
            okText="重新生成"
            cancelText="取消"
            onConfirm={() => make(true)}
          >
            <Button icon={<ReloadOutlined />} loading={busy}>
              重新生成
            </Button>
          </Popconfirm>
        </Space>
      ) : (
        <Button type="primary" icon={<KeyOutlined />} loading={busy} onClick={() => make(false)} style={{ alignSelf: 'flex-start' }}>
          生成 CSR
        </Button>
      )}
    </Flex>
  );
}

function VendorStep({ refresh }: { refresh: () => void }) {
  const [cert, setCert] = useState<{ text: string; name: string }>();
  const [key, setKey] = useState<{ text: string; name: string }>();
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const sign = async () => {
    if (!cert || !key) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await opsPushVendorSign({ vendor_certificate_pem: cert.text, vendor_key_pem: key.text, passphrase: passphrase || undefined });
      saveBlob(new Blob([result.upload_base64], { type: 'text/plain' }), result.file_name);
      setDone(`已用「${result.vendor_subject}」签名并下载 ${result.file_name}（供应商证书 ${dateOf(result.vendor_not_after)} 到期）。`);
      refresh();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        Apple 只接受 MDM 供应商签名过的请求。请把 CSR 交给 MDM 供应商签名；如果您持有 MDM 供应商证书（MDM CSR 签名证书，文件中可附上 Apple WWDR
        中级证书和根证书），可在此上传证书和私钥，由服务器按 Apple 规定的格式签名（私钥只用于这一次签名，不会保存）。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} />}
      {done && <Alert type="success" showIcon message={done} />}
      <FileText label="选择供应商证书（.pem）" accept=".pem,.crt,.cer" name={cert?.name} onText={(text, name) => setCert({ text, name })} />
      <FileText label="选择供应商私钥（.pem / .key）" accept=".pem,.key" name={key?.name} onText={(text, name) => setKey({ text, name })} />
      <Input.Password
        placeholder="私钥密码（私钥未加密时留空）"
        value={passphrase}
        onChange={(e) => setPassphrase(e.target.value)}
        autoComplete="off"
        style={{ maxWidth: 320 }}
      />
      <Button icon={<FileProtectOutlined />} disabled={!cert || !key} loading={busy} onClick={sign} style={{ alignSelf: 'flex-start' }}>
        签名并下载上传文件
      </Button>
    </Flex>
  );
}

function InstallStep({ refresh }: { refresh: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const install = async (text: string) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      const status = await opsPushInstall(text);
      setDone(`证书已安装：推送主题 ${status.stored?.topic}，有效期至 ${status.stored ? dateOf(status.stored.not_after) : '-'}。`);
      refresh();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>
        上传从 Apple 推送证书门户下载的 .pem 证书。服务器会检查：它是 MDM 推送证书、未过期、与本服务器的私钥配对，并且推送主题与已接入设备使用的一致。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message="证书未安装" description={error} data-testid="push-cert-install-error" />}
      {done && <Alert type="success" showIcon message={done} />}
      <Upload
        accept=".pem,.crt,.cer"
        maxCount={1}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void readFileText(file).then(install);
          return false;
        }}
      >
        <Button type="primary" icon={<CloudUploadOutlined />} loading={busy} data-testid="push-cert-upload">
          上传 Apple 签发的证书
        </Button>
      </Upload>
    </Flex>
  );
}

/** OpsPushCertPage: the MDM push certificate in use, what ends when, and the yearly renewal (docs/push-certificate.md). */
export default function OpsPushCertPage() {
  const { data: status, isLoading } = useQuery(opsPushCertQuery);
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: pushCertKeys.status });
    void client.invalidateQueries({ queryKey: pushCertKeys.health });
  };
  if (isLoading || !status) return <PageLoading />;
  const inUse = status.source === 'env-certificate' ? status.env_certificate : status.source === 'stored' ? status.stored : null;
  return (
    <Flex vertical gap={16}>
      {status.warning && (
        <Alert
          type={inUse && inUse.days_left < 0 ? 'error' : 'warning'}
          showIcon
          message="推送证书即将过期"
          description={status.warning}
          data-testid="push-cert-warning"
        />
      )}
      {status.env_overrides && (
        <Alert
          type="info"
          showIcon
          message="环境变量优先"
          description={`服务器配置了 ${sourceLabel[status.source]}，推送使用环境变量中的凭据。在本页上传的证书会保存，但要去掉这些环境变量并重启后才会使用；续期时请替换环境变量指向的文件后重启。`}
        />
      )}
      <Panel title="当前推送证书">
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} styles={{ label: { width: 120 } }}>
            <Descriptions.Item label="推送使用">{sourceLabel[status.source]}</Descriptions.Item>
            <Descriptions.Item label="描述文件主题">
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {status.current_topic}
              </Typography.Text>
              {status.env_topic && <Tag style={{ marginLeft: 8 }}>来自 MDM_TOPIC</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="已接入设备">
              {status.enrolled_topics.length === 0
                ? '暂无已接入的Apple 设备'
                : status.enrolled_topics.map((t) => (
                    <div key={t.topic} style={{ wordBreak: 'break-all' }}>
                      {t.devices} 台使用 <Typography.Text code>{t.topic}</Typography.Text>
                    </div>
                  ))}
            </Descriptions.Item>
          </Descriptions>
          {status.stored && <CertificateFacts cert={status.stored} title="本页上传的证书" />}
          {status.env_certificate && <CertificateFacts cert={status.env_certificate} title="环境变量 APNS_CERT_FILE 的证书" />}
          {!status.stored && !status.env_certificate && (
            <Alert type="warning" showIcon message="尚未安装 MDM 推送证书：Apple 设备无法被及时唤醒执行锁定等指令。请按下面的步骤申请。" />
          )}
        </Flex>
      </Panel>
      <Panel title="申请与每年续期">
        <Flex vertical gap={20}>
          <Alert
            type="info"
            showIcon
            message="推送证书每年必须续期，且推送主题不能改变"
            description="续期时请用创建证书的同一个 Apple ID 登录 Apple 推送证书门户，对原证书点击“续订”（Renew）。不要新建证书：新证书的推送主题不同，所有已接入的设备都将无法被唤醒，只能逐台抹掉重新接入。"
          />
          <section>
            <Typography.Title level={5}>1. 生成证书请求（CSR）</Typography.Title>
            <CsrStep status={status} refresh={refresh} />
          </section>
          <section>
            <Typography.Title level={5}>2. MDM 供应商签名</Typography.Title>
            <VendorStep refresh={refresh} />
          </section>
          <section>
            <Typography.Title level={5}>3. 在 Apple 推送证书门户申请</Typography.Title>
            <Typography.Paragraph style={{ margin: 0 }}>
              登录{' '}
              <Typography.Link href="https://identity.apple.com/pushcert" target="_blank" rel="noreferrer">
                identity.apple.com/pushcert
              </Typography.Link>
              ：续期选择原证书后点“Renew”，首次申请点“Create a Certificate”，上传签名后的文件，下载 Apple 签发的 .pem 证书。
            </Typography.Paragraph>
          </section>
          <section>
            <Typography.Title level={5}>4. 安装证书</Typography.Title>
            <InstallStep refresh={refresh} />
          </section>
        </Flex>
      </Panel>
    </Flex>
  );
}
