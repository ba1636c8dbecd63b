import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { clientConfigQuery } from '../../../../api/system.ts';

/**
 * HttpsNotice says plainly, where enrolment profiles are handed out, that a server without https cannot enrol
 * real iPhones: iOS refuses MDM and SCEP URLs that are http. It shows nothing when PUBLIC_URL is https.
 */
export function HttpsNotice() {
  const { data } = useQuery(clientConfigQuery);
  if (data?.ios_enrolment_https !== false) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title="服务器地址不是 https，真实 iPhone 无法安装描述文件"
      description="iOS 只接受 https 的设备管理地址。请为服务器配置 TLS 证书，并把 PUBLIC_URL 设为 https:// 开头的地址后再发链接；当前的描述文件只能用于模拟设备。"
    />
  );
}
