import { androidLockRequest } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { lostModalContentQuery } from '../../../../api/iosDevice.ts';
import { schemaRule } from '../../../../forms/formRules.ts';
import type { OperationDialogProps } from './OperationDialogs.tsx';
import { ConfirmCommandModal } from '../../shared/ConfirmCommandModal.tsx';
import { androidTitle, useAndroidOperation } from './useAndroidOperation.ts';

/** MESSAGE_REQUIRED is spec §5's message for a lock without its text. */
export const MESSAGE_REQUIRED = '未填写锁定提示内容';

interface LockValues {
  message?: string;
  phone_number?: string;
}

/**
 * AndroidLockDialog locks the phone behind a full-screen lock that shows the message and phone. The text
 * starts from the clerk's saved lock-screen content (GET /api/user/lost-modal-content); the phone may be
 * a mobile, a 400/800 number or a landline (CONTACT_PHONE_RE).
 */
export function AndroidLockDialog({ device, onClose, onDone }: OperationDialogProps) {
  const [form] = Form.useForm<LockValues>();
  const saved = useQuery(lostModalContentQuery);
  const lock = useAndroidOperation(device.id, 'lock', {
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  useEffect(() => {
    if (!saved.data || form.isFieldsTouched(['message', 'phone_number'])) return;
    form.setFieldsValue({ message: saved.data.message, phone_number: saved.data.phone_number });
  }, [saved.data, form]);

  return (
    <ConfirmCommandModal
      title={`锁定设备 · ${androidTitle(device)}`}
      okText="锁定设备"
      danger
      width={520}
      effect="锁定后手机只显示下面的提示和联系电话，无法使用，直到在控制台解锁或输入离线解锁码。设备离线时，将在下次联网后执行。"
      pending={lock.isPending}
      onClose={onClose}
      onSubmit={(v) => lock.mutate({ message: String(v.message ?? '').trim(), phone_number: String(v.phone_number ?? '').trim() })}
      form={form}
      fields={
        <>
          <Form.Item
            name="message"
            label="锁屏提示"
            rules={[{ required: true, whitespace: true, message: MESSAGE_REQUIRED }, schemaRule(androidLockRequest.shape.message)]}
          >
            <Input.TextArea rows={3} showCount maxLength={200} placeholder="例如：此设备已被锁定，请联系门店处理" />
          </Form.Item>
          <Form.Item name="phone_number" label="联系电话" rules={[schemaRule(androidLockRequest.shape.phone_number)]}>
            <Input maxLength={20} placeholder="选填，手机、400 或固定电话，显示在锁屏上" inputMode="tel" />
          </Form.Item>
        </>
      }
    />
  );
}
