import type { ApiKeyInfo } from '@lease/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Switch, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { apiKeyKeys, setApiEnabled } from '../../../api/apiKey.ts';
import { feedback } from '../../../app/feedback.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { SensitiveConfirmDialog } from '../config/components/SensitiveConfirmDialog.tsx';
import { GenerateKeyFlow } from './GenerateKeyFlow.tsx';

interface Props {
  info: ApiKeyInfo;
  needSms: boolean;
}

/** ApiKeyStatus shows whether the open API is on and which key it answers to; both changes need the password. */
export function ApiKeyStatus({ info, needSms }: Props) {
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState(false);
  const [generating, setGenerating] = useState(false);
  const turnOn = !info.enabled;

  return (
    <Flex vertical gap={12}>
      {!info.api_key && (
        <Alert
          type="info"
          showIcon
          title="门店还没有开放接口密钥。生成密钥并开启后，门店自己的业务系统（ERP）即可查询设备、锁定和解锁设备，并接收设备事件回调。"
        />
      )}
      <Descriptions
        column={1}
        styles={{ label: { width: 140 } }}
        items={[
          {
            key: 'enabled',
            label: '接口状态',
            children: (
              <Flex gap={12} align="center">
                {info.enabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
                <Switch checked={info.enabled} disabled={!info.api_key} onChange={() => setToggling(true)} aria-label="开启或关闭开放接口" />
                {!info.api_key && <Typography.Text type="secondary">请先生成密钥</Typography.Text>}
              </Flex>
            ),
          },
          {
            key: 'key',
            label: 'API Key',
            children: info.api_key ? (
              <Typography.Text copyable code>
                {info.api_key}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">未生成</Typography.Text>
            ),
          },
          {
            key: 'secret',
            label: '密钥（Secret）',
            children: info.api_secret_key_masked ? (
              <Flex gap={8} align="center" wrap>
                <Typography.Text code>{info.api_secret_key_masked}</Typography.Text>
                <Typography.Text type="secondary">密钥只在生成时显示一次；遗失请重新生成。</Typography.Text>
              </Flex>
            ) : (
              <Typography.Text type="secondary">未生成</Typography.Text>
            ),
          },
          { key: 'generated', label: '密钥生成时间', children: formatDateTime(info.secret_generated_at) },
        ]}
      />
      <div>
        <Button type={info.api_key ? 'default' : 'primary'} danger={Boolean(info.api_key)} onClick={() => setGenerating(true)}>
          {info.api_key ? '重新生成密钥' : '生成密钥'}
        </Button>
      </div>
      {toggling && (
        <SensitiveConfirmDialog
          title={turnOn ? '开启开放接口' : '关闭开放接口'}
          effect={
            turnOn
              ? '开启后，持有 API Key 和密钥的系统可以查询和锁定/解锁门店的设备，并会收到设备事件回调。'
              : '关闭后，所有开放接口请求都会被拒绝，回调通知也会停止发送。'
          }
          okText={turnOn ? '确认开启' : '确认关闭'}
          danger={!turnOn}
          needSms={needSms}
          onConfirm={async (proof) => {
            await setApiEnabled({ ...proof, enabled: turnOn });
            await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
            feedback.message.success(turnOn ? '开放接口已开启' : '开放接口已关闭');
          }}
          onClose={() => setToggling(false)}
        />
      )}
      {generating && <GenerateKeyFlow needSms={needSms} onClose={() => setGenerating(false)} />}
    </Flex>
  );
}
