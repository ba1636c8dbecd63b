import { iosLockRequest } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useRef } from 'react';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { lostModalContentQuery } from '../../../../api/iosDevice.ts';
import { schemaRule } from '../../../../forms/formRules.ts';
import { dayjs } from '../../../../lib/time.ts';
import type { CommandConfirmProps } from './CommandConfirmDialog.tsx';
import { scheduleError, toLockRequest, type LockFormValues } from './lockRequest.ts';
import { deviceTitle, useDeviceCommand } from './useDeviceCommand.ts';

/**
 * LockDialog puts a phone into Lost Mode now or at a chosen time. The lock-screen text starts from the
 * clerk's saved content (设置 → 锁屏内容). Locking is undone by unlocking, so no confirmation tick is asked.
 */
export function LockDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const [form] = Form.useForm<LockFormValues>();
  const when = Form.useWatch('when', form);
  const messageBox = useRef<TextAreaRef>(null);
  const saved = useQuery({ ...lostModalContentQuery });
  const lock = useDeviceCommand('lock', {
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });

  useEffect(() => {
    if (!saved.data) return;
    const touched = form.isFieldsTouched(['message', 'phone_number', 'footnote']);
    if (!touched) form.setFieldsValue({ message: saved.data.message, phone_number: saved.data.phone_number, footnote: saved.data.footnote });
  }, [saved.data, form]);

  return (
    <Modal
      open
      title={`锁定设备 · ${deviceTitle(device)}`}
      okText="锁定设备"
      okButtonProps={{ danger: true, loading: lock.isPending }}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      // The clerk's first job is the lock-screen text: the cursor starts there, not on the close button.
      afterOpenChange={(open) => open && messageBox.current?.focus({ cursor: 'end' })}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="锁定后设备进入丢失模式：屏幕只显示下面的提示，无法使用，直到在控制台解锁。设备离线时，将在下次联网后执行。"
      />
      <Form<LockFormValues>
        form={form}
        layout="vertical"
        initialValues={{ when: 'now', message: '', phone_number: '', footnote: '' }}
        onFinish={(values) => {
          // The time field's own rule covers this; the check here keeps a fast submit from locking now.
          const late = values.when === 'scheduled' ? scheduleError(values.at) : null;
          if (late) form.setFields([{ name: 'at', errors: [late] }]);
          else lock.mutate(toLockRequest(device.id, values));
        }}
      >
        <Form.Item
          name="message"
          label="锁屏提示"
          rules={[
            { required: true, whitespace: true, message: '请输入锁屏提示' },
            { max: 200, message: '锁屏提示最多 200 个字符' },
          ]}
        >
          <Input.TextArea ref={messageBox} autoFocus rows={3} showCount maxLength={200} placeholder="例如：此设备已被锁定，请联系门店处理" />
        </Form.Item>
        <Form.Item name="phone_number" label="联系电话" rules={[schemaRule(iosLockRequest.shape.phone_number)]}>
          <Input maxLength={20} inputMode="tel" placeholder="手机、400 或固定电话，显示在锁屏上，租机人可直接拨打" />
        </Form.Item>
        <Form.Item name="footnote" label="脚注" rules={[{ max: 100, message: '脚注最多 100 个字符' }]}>
          <Input placeholder="选填，显示在锁屏底部" />
        </Form.Item>
        <Form.Item name="when" label="执行时间">
          <Radio.Group
            options={[
              { value: 'now', label: '立即锁定' },
              { value: 'scheduled', label: '预约锁定' },
            ]}
          />
        </Form.Item>
        {when === 'scheduled' && (
          <Form.Item
            name="at"
            label="预约时间（北京时间）"
            extra="到时由服务器自动下发锁定指令；执行前可在“操作记录”中取消。"
            rules={[
              {
                validator: async (_r, v: LockFormValues['at']) => {
                  const e = scheduleError(v);
                  if (e) throw new Error(e);
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              placeholder="选择日期和时间"
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              style={{ width: 240 }}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
