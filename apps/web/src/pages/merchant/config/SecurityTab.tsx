import { maskPhone } from '@lease/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { setSmsVerifySwitch, smsVerifySwitchQuery, storeKeys } from '../../../api/store.ts';
import { feedback } from '../../../app/feedback.ts';
import { useUser } from '../../../auth/useUser.ts';
import { SensitiveConfirmDialog } from './components/SensitiveConfirmDialog.tsx';

/** SecurityTab is the store's SMS-verification switch for sensitive actions, changed with the admin's password. */
export function SecurityTab() {
  const user = useUser();
  const current = useQuery(smsVerifySwitchQuery);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  if (!current.data) return <Skeleton active />;
  const on = current.data.enabled;
  const turnOn = !on;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Descriptions
        column={1}
        items={[
          {
            key: 'state',
            label: '敏感操作短信验证',
            children: on ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>,
          },
        ]}
      />
      <Alert
        type="info"
        showIcon
        title="开启后会影响什么"
        description={
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            <li>
              需要验证身份的敏感操作（如获取 Android 离线解锁码、解除 Android
              监管、启用或生成开放接口密钥）除了输入登录密码或二级密码，还需输入发送到操作人本人手机的短信验证码。
            </li>
            <li>适用于门店的所有店员，包括管理员。验证码 5 分钟内有效，只能使用一次。</li>
            <li>开启只需验证密码；关闭时同样需要短信验证码，防止密码泄露后被他人关闭。</li>
          </ul>
        }
      />
      <div>
        <Button type={turnOn ? 'primary' : 'default'} danger={!turnOn} onClick={() => setConfirming(true)}>
          {turnOn ? '开启短信验证' : '关闭短信验证'}
        </Button>
      </div>
      <Typography.Text type="secondary">验证码将发送至操作人登录手机号，你的手机号为 {maskPhone(user.phone_number)}。</Typography.Text>
      {confirming && (
        <SensitiveConfirmDialog
          title={turnOn ? '开启敏感操作短信验证' : '关闭敏感操作短信验证'}
          effect={turnOn ? '开启后，敏感操作需要额外输入短信验证码。' : '关闭后，敏感操作只需验证密码，安全性降低。'}
          okText={turnOn ? '确认开启' : '确认关闭'}
          danger={!turnOn}
          needSms={on}
          onConfirm={async (proof) => {
            const saved = await setSmsVerifySwitch({ ...proof, enabled: turnOn });
            queryClient.setQueryData(storeKeys.smsSwitch, saved);
            await queryClient.invalidateQueries({ queryKey: storeKeys.info });
            feedback.message.success(saved.enabled ? '已开启短信验证' : '已关闭短信验证');
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </Flex>
  );
}
