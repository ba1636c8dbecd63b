import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { Link } from 'react-router';
import { globalHttpProxyQuery } from '../../../../api/iosNetwork.ts';
import { useUser } from '../../../../auth/useUser.ts';
import { CommandConfirmDialog, type CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { deviceTitle } from '../commands/useDeviceCommand.ts';

/** PROXY_CONFIG_PATH is where an admin sets the store's PAC URL (门店设置 › 全局代理). */
export const PROXY_CONFIG_PATH = '/console/merchant/config?tab=global-http-proxy';

/** NoPacUrl tells the clerk the store has no PAC URL yet: an admin gets the link, a clerk is told whom to ask. */
function NoPacUrl({ device, onClose }: CommandConfirmProps) {
  const { is_admin: isAdmin } = useUser();
  return (
    <Modal open title={`设置全局代理 · ${deviceTitle(device)}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <Alert
        type="warning"
        showIcon
        title="门店尚未设置全局代理的 PAC 地址"
        description={
          isAdmin ? (
            <>
              请先到{' '}
              <Link to={PROXY_CONFIG_PATH} onClick={onClose}>
                门店设置 › 全局代理
              </Link>{' '}
              填写 PAC 地址，再为设备设置代理。
            </>
          ) : (
            '请联系门店管理员在“门店设置 › 全局代理”中填写 PAC 地址，再为设备设置代理。'
          )
        }
      />
    </Modal>
  );
}

/**
 * SetGlobalProxyDialog installs the store's PAC file as the phone's global HTTP proxy. It says what the hirer
 * will notice: traffic follows the PAC file, the phone goes direct if the file is unreachable, Wi-Fi login
 * pages still open.
 */
export function SetGlobalProxyDialog(p: CommandConfirmProps) {
  const setting = useQuery(globalHttpProxyQuery);
  if (setting.isPending) {
    return (
      <Modal open title={`设置全局代理 · ${deviceTitle(p.device)}`} onCancel={p.onClose} footer={null}>
        <Skeleton active />
      </Modal>
    );
  }
  if (setting.isError) {
    return (
      <Modal open title={`设置全局代理 · ${deviceTitle(p.device)}`} onCancel={p.onClose} footer={<Button onClick={p.onClose}>关闭</Button>}>
        <Alert type="error" showIcon title="无法读取门店的全局代理设置" description={setting.error.message} />
      </Modal>
    );
  }
  if (!setting.data.pac_url) return <NoPacUrl {...p} />;
  return (
    <CommandConfirmDialog
      {...p}
      command="set-global-http-proxy"
      title="设置全局代理"
      effect={
        <>
          <div>设备上的网页和应用流量将按门店的自动代理配置（PAC）转发：</div>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {setting.data.pac_url}
          </Typography.Text>
          <div style={{ marginTop: 8 }}>
            PAC 文件无法访问时设备直接联网，不会断网；连接酒店、机场等需要网页登录的 Wi-Fi
            时，登录页不经过代理。租机人无法自行移除。仅支持已监管的设备；设备离线时，将在下次联网后执行。
          </div>
        </>
      }
      okText="设置代理"
    />
  );
}

export const RemoveGlobalProxyDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="remove-global-http-proxy"
    title="移除全局代理"
    effect="设备将删除门店下发的全局 HTTP 代理，网络请求恢复直连。设备离线时，将在下次联网后执行。"
    okText="移除代理"
  />
);
