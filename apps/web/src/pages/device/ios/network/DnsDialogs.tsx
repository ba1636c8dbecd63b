import { DnsProtocol, dnsProtocolLabel, HOSTNAME_RE, isHttpsUrl, isIpAddress, MAX_DNS_SERVER_ADDRESSES } from '@lease/shared';
import { Form, Input, Radio, Select, type FormRule } from 'antd';
import { required } from '../../../../forms/formRules.ts';
import { CommandConfirmDialog, type CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ConfirmCommandModal } from '../../shared/ConfirmCommandModal.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';

export interface DnsFormValues {
  protocol: DnsProtocol;
  server_url?: string;
  server_name?: string;
  server_addresses?: string[];
}

/** toDnsRequest sends only the protocol's own server field, trimmed, and the addresses without blanks. */
export function toDnsRequest(deviceId: string, v: DnsFormValues) {
  const server = v.protocol === DnsProtocol.HTTPS ? { server_url: v.server_url?.trim() ?? '' } : { server_name: v.server_name?.trim() ?? '' };
  const addresses = (v.server_addresses ?? []).map((a) => a.trim()).filter(Boolean);
  return { device_id: deviceId, protocol: v.protocol, ...server, server_addresses: addresses };
}

const check = (test: (v: string) => boolean, message: string): FormRule => ({
  validator: async (_r, value: string | undefined) => {
    if (value && !test(value.trim())) throw new Error(message);
  },
});

const addressesRule: FormRule = {
  validator: async (_r, value: string[] | undefined) => {
    const list = (value ?? []).map((a) => a.trim()).filter(Boolean);
    const bad = list.find((a) => !isIpAddress(a));
    if (bad) throw new Error(`“${bad}”不是有效的 IP 地址`);
    if (list.length > MAX_DNS_SERVER_ADDRESSES) throw new Error(`服务器 IP 最多 ${MAX_DNS_SERVER_ADDRESSES} 个`);
    if (new Set(list).size !== list.length) throw new Error('服务器 IP 有重复');
  },
};

/** DnsDialog sets an encrypted DNS server (DoH or DoT) as the phone's resolver. */
export function DnsDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const [form] = Form.useForm<DnsFormValues & { confirmed?: boolean }>();
  const protocol = Form.useWatch('protocol', form) ?? DnsProtocol.HTTPS;
  const send = useDeviceCommand('set-dns-setting', {
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  return (
    <ConfirmCommandModal
      form={form}
      title={`设置加密 DNS · ${deviceTitle(device)}`}
      effect="设备的域名解析将改用下面的加密 DNS 服务器（需 iOS 14 及以上）。已监管的设备上，租机人无法在设置中关闭。请确认服务器可用，否则设备可能无法打开网址。设备离线时，将在下次联网后执行。"
      okText="设置 DNS"
      width={560}
      pending={send.isPending}
      onClose={onClose}
      onSubmit={(values) => send.mutate(toDnsRequest(device.id, values as unknown as DnsFormValues))}
      fields={
        <>
          <Form.Item name="protocol" label="加密协议" initialValue={DnsProtocol.HTTPS}>
            <Radio.Group options={[DnsProtocol.HTTPS, DnsProtocol.TLS].map((p) => ({ value: p, label: dnsProtocolLabel[p] }))} optionType="button" />
          </Form.Item>
          {protocol === DnsProtocol.HTTPS ? (
            <Form.Item
              name="server_url"
              label="服务器地址"
              extra="DoH 的 URI 模板，须以 https:// 开头"
              rules={[required('请输入服务器地址'), check(isHttpsUrl, '服务器地址须为 https:// 开头的完整网址')]}
            >
              <Input placeholder="如 https://dns.alidns.com/dns-query" maxLength={500} />
            </Form.Item>
          ) : (
            <Form.Item
              name="server_name"
              label="服务器域名"
              extra="DoT 服务器的域名，用于校验服务器证书"
              rules={[required('请输入服务器域名'), check((v) => HOSTNAME_RE.test(v), '服务器域名格式有误，如 dot.pub')]}
            >
              <Input placeholder="如 dot.pub" maxLength={253} />
            </Form.Item>
          )}
          <Form.Item name="server_addresses" label="服务器 IP（选填）" extra="不填时由设备按域名解析；可填多个，回车分隔" rules={[addressesRule]}>
            <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} placeholder="如 223.5.5.5" suffixIcon={null} />
          </Form.Item>
        </>
      }
    />
  );
}

export const ClearDnsDialog = (p: CommandConfirmProps) => (
  <CommandConfirmDialog
    {...p}
    command="clear-dns-setting"
    title="清除加密 DNS"
    effect="设备将删除门店下发的加密 DNS 设置，恢复使用所连网络的 DNS。设备离线时，将在下次联网后执行。"
    okText="清除 DNS"
  />
);
