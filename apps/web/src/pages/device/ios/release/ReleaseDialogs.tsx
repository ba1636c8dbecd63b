import { ActivationLockStatus, AbmStatus, OperationStatus, SmsGuardedAction, type IosDeviceDetail } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Modal, Space } from 'antd';
import { useState } from 'react';
import { iosDetailQuery } from '../../../../api/iosDevice.ts';
import { abmUnbind, eraseDevice, type FinishedOperation, removeMainProfile } from '../../../../api/iosRelease.ts';
import { feedback } from '../../../../app/feedback.ts';
import { SensitiveFields } from '../../../../forms/SensitiveFields.tsx';
import { TypedConfirmField } from '../../../../forms/TypedConfirmField.tsx';
import { newIdempotencyKey } from '../../../../lib/uuid.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ConfirmCommandModal } from '../../shared/ConfirmCommandModal.tsx';
import { deviceTitle } from '../commands/useDeviceCommand.ts';
import { proofOf, useNeedSms } from './SensitiveFields.tsx';
import { useReleaseSubmit } from './useReleaseSubmit.ts';

type EraseFacts = Pick<IosDeviceDetail, 'os_version' | 'abm_status' | 'activation_lock_status'>;

/** afterErase says what the erased phone will do next (the server picks Return to Service on iOS 17+). */
export function afterErase(d: EraseFacts): string {
  const major = Number.parseInt(d.os_version, 10) || 0;
  const locked =
    d.activation_lock_status !== ActivationLockStatus.OFF
      ? '设备开启了激活锁：抹掉后需先输入激活锁密码才能激活，无法自动重新接入；如需自动接入，请先关闭激活锁。'
      : '';
  if (major >= 17) return `${locked || '抹掉后设备将通过“返回服务”自动重新接入门店管理，仍是同一条设备记录。'}`;
  if (d.abm_status === AbmStatus.ASSIGNED || d.abm_status === AbmStatus.PUSHED) return `${locked}设备已绑定 ABM，激活时将通过设置助理自动重新接入门店管理。`;
  return `${locked}设备系统低于 iOS 17 且未绑定 ABM，抹掉后将脱离门店管理，需要重新登记接入。`;
}

/** EraseDialog wipes the phone (Ab14): the strongest confirmation, the serial typed by hand, plus the password. */
export function EraseDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const detail = useQuery(iosDetailQuery(device.id)).data;
  const needSms = useNeedSms(SmsGuardedAction.ERASE);
  const [form] = Form.useForm();
  const [key] = useState(newIdempotencyKey);
  const send = useReleaseSubmit(
    form,
    (v) =>
      eraseDevice(
        {
          device_id: device.id,
          preserve_data_plan: v.preserve_data_plan === true,
          disallow_proximity_setup: v.disallow_proximity_setup === true,
          ...proofOf(v, needSms),
        },
        key,
      ),
    () => {
      feedback.message.success('抹掉指令已下发，等待设备执行');
      onClose();
      onDone?.();
    },
  );
  return (
    <ConfirmCommandModal
      form={form}
      title={`抹掉设备 · ${deviceTitle(device)}`}
      alert="error"
      danger
      effect={
        <>
          设备上的全部数据和设置将被永久抹掉，无法恢复，租机人的照片、聊天记录、应用都会丢失。
          {detail && <div style={{ marginTop: 4 }}>{afterErase(detail)}</div>}
        </>
      }
      confirm="我已了解后果，确认抹掉此设备"
      okText="抹掉设备"
      pending={send.isPending}
      onClose={onClose}
      onSubmit={(v) => send.mutate(v)}
      fields={
        <>
          <TypedConfirmField name="typed_serial" what="序列号" expected={device.serial_number} mismatch="序列号不一致" />
          <Form.Item label="抹掉选项" style={{ marginBottom: 8 }}>
            <Space orientation="vertical" size={0}>
              <Form.Item name="preserve_data_plan" valuePropName="checked" noStyle>
                <Checkbox>保留 eSIM 蜂窝数据套餐</Checkbox>
              </Form.Item>
              <Form.Item name="disallow_proximity_setup" valuePropName="checked" noStyle>
                <Checkbox>跳过“快速开始”（不允许附近的 iPhone 迁移数据到此设备）</Checkbox>
              </Form.Item>
            </Space>
          </Form.Item>
          <SensitiveFields needSms={needSms} />
        </>
      }
    />
  );
}

/** RemoveMainProfileDialog ends management (Ab20): the hirer keeps the phone and its data. */
export function RemoveMainProfileDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const needSms = useNeedSms(SmsGuardedAction.REMOVE_MAIN_PROFILE);
  const [form] = Form.useForm();
  const [key] = useState(newIdempotencyKey);
  const send = useReleaseSubmit(
    form,
    (v) => removeMainProfile({ device_id: device.id, ...proofOf(v, needSms) }, key),
    () => {
      feedback.message.success('指令已下发：设备上线后移除管理描述文件，随即不再受门店管理');
      onClose();
      onDone?.();
    },
  );
  return (
    <ConfirmCommandModal
      form={form}
      title={`移除管理描述文件 · ${deviceTitle(device)}`}
      danger
      effect="设备将移除门店的管理描述文件，随即脱离管理：丢失模式、系统限制以及门店安装的描述文件和应用会一并移除，之后无法再远程锁定、定位或抹掉。设备上租机人的数据保留，占用的设备名额随之释放。请确认租机人已结清。"
      confirm="我确认租机人已结清，移除此设备的管理"
      okText="移除管理"
      pending={send.isPending}
      onClose={onClose}
      onSubmit={(v) => send.mutate(v)}
      fields={<SensitiveFields needSms={needSms} />}
    />
  );
}

/** AbmUnbindDialog releases the serial from the store's Apple Business Manager (Ab15); Apple answers while the clerk waits. */
export function AbmUnbindDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const needSms = useNeedSms(SmsGuardedAction.ABM_UNBIND);
  const [form] = Form.useForm();
  const [key] = useState(newIdempotencyKey);
  const [refused, setRefused] = useState<string | null>(null);
  const send = useReleaseSubmit(
    form,
    (v) => abmUnbind({ device_id: device.id, ...proofOf(v, needSms) }, key),
    (r: FinishedOperation) => {
      onDone?.();
      if (r.status === OperationStatus.FAILED) return setRefused(r.result);
      feedback.message.success(r.replayed ? '该操作已提交过' : r.result);
      onClose();
    },
  );
  if (refused) {
    return (
      <Modal
        open
        title={`解除 ABM 绑定 · ${deviceTitle(device)}`}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            知道了
          </Button>
        }
      >
        <Alert type="error" showIcon title="Apple 未能解除绑定" description={refused} />
      </Modal>
    );
  }
  return (
    <ConfirmCommandModal
      form={form}
      title={`解除 ABM 绑定 · ${deviceTitle(device)}`}
      danger
      effect="将在门店的 Apple 商务管理（ABM）中释放此序列号：设备不再属于门店，抹掉或刷机后不会再自动接入门店管理。此操作不可撤销，门店无法自行把设备加回 ABM（需经销商重新录入）。设备当前的管理状态不受影响。"
      confirm="我确认从门店的 ABM 中释放此设备"
      okText="解除绑定"
      pending={send.isPending}
      onClose={onClose}
      onSubmit={(v) => send.mutate(v)}
      fields={<SensitiveFields needSms={needSms} />}
    />
  );
}
