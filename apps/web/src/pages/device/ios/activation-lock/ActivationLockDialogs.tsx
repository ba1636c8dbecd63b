import { type ActivationLockResult, OperationStatus, SmsGuardedAction } from '@lease/shared';
import { Alert, Flex } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { getActivationLockPassword, turnOffActivationLock, turnOnActivationLock } from '../../../../api/activationLock.ts';
import { feedback } from '../../../../app/feedback.ts';
import { newIdempotencyKey } from '../../../../lib/uuid.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { SensitiveLockDialog } from './SensitiveLockDialog.tsx';

/**
 * finished: Apple answers while the clerk waits, so the dialog says how it went: a success as a toast, a refusal
 * (with Apple's reason in Chinese) in the dialog, where it cannot be missed.
 */
function finished(result: ActivationLockResult) {
  if (result.status === OperationStatus.DONE) {
    feedback.message.success(result.replayed ? `该操作已提交过：${result.result}` : result.result);
    return undefined;
  }
  return <Alert type="error" showIcon title="Apple 未完成此操作" description={result.result} />;
}

/** TurnOnActivationLockDialog locks the phone to the store through its ABM token (Ab11). */
export function TurnOnActivationLockDialog(p: CommandConfirmProps) {
  const [key] = useState(newIdempotencyKey);
  return (
    <SensitiveLockDialog
      {...p}
      title="开启激活锁"
      action={SmsGuardedAction.TURN_ON_ACTIVATION_LOCK}
      effect="将通过门店的 Apple 商务管理（ABM）为设备开启激活锁：设备被抹掉或刷机后，必须输入本系统保存的激活锁密码才能重新激活，租机人无法自行解除。密码由服务器生成并加密保存，可在「查看激活锁密码」中查看。"
      okText="开启激活锁"
      refusal={(s) => s.cannot_turn_on}
      submit={(proof) => turnOnActivationLock({ device_id: p.device.id, ...proof }, key)}
      answered={finished}
    />
  );
}

/** TurnOffActivationLockDialog asks Apple to lift the lock with the codes the server holds (Ab19). */
export function TurnOffActivationLockDialog(p: CommandConfirmProps) {
  const [key] = useState(newIdempotencyKey);
  return (
    <SensitiveLockDialog
      {...p}
      title="关闭激活锁"
      danger
      action={SmsGuardedAction.TURN_OFF_ACTIVATION_LOCK}
      effect="将向 Apple 申请关闭此设备的激活锁（先用服务器生成的密码，不成功再用设备自己的密码）。关闭后设备抹掉即可直接激活，门店不再能阻止他人使用，请确认租机人已结清或设备已收回。"
      okText="关闭激活锁"
      refusal={(s) => s.cannot_turn_off}
      submit={(proof) => turnOffActivationLock({ device_id: p.device.id, ...proof }, key)}
      answered={finished}
    />
  );
}

/** ActivationLockPasswordDialog shows the code to type on the phone's Activation Lock screen (Ab12); the log records who looked. */
export function ActivationLockPasswordDialog(p: CommandConfirmProps) {
  return (
    <SensitiveLockDialog
      {...p}
      title="查看激活锁密码"
      action={SmsGuardedAction.GET_ACTIVATION_LOCK_PASSWORD}
      effect="激活锁密码（Apple 称“绕过码”）用于在设备的激活锁界面解锁：Apple 账户一栏留空，在密码一栏输入此密码。查看记录会写入操作日志。"
      okText="查看密码"
      refusal={(s) => s.cannot_get_password}
      submit={(proof) => getActivationLockPassword({ device_id: p.device.id, ...proof })}
      answered={(r) => (
        <Flex vertical align="center" gap={12} style={{ padding: '8px 0' }}>
          <Typography.Text type="secondary">
            {r.source === 'server' ? '服务器开启激活锁时生成的密码' : '设备自己生成的密码（激活锁由「查找」开启时使用）'}
          </Typography.Text>
          <Typography.Title
            level={3}
            copyable={{ text: r.activation_lock_password, tooltips: ['复制', '已复制'] }}
            style={{ margin: 0, fontFamily: 'monospace', letterSpacing: 1 }}
            data-testid="activation-lock-password"
          >
            {r.activation_lock_password}
          </Typography.Title>
          <Alert type="warning" showIcon style={{ width: '100%' }} title="请只告诉需要激活设备的人，不要截图外传。输入时 Apple 账户一栏留空。" />
        </Flex>
      )}
    />
  );
}
