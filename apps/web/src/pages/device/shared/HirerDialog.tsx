import { PHONE_RE } from '@lease/shared/patterns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { getHirerPhone, iosKeys, updateHirer } from '../../../api/iosDevice.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

interface HirerValues {
  hirer_name: string;
  hirer_phone_number?: string;
}

/** HirerApi is how the dialog reads and saves a platform's hirer; Apple's by default. */
export interface HirerApi {
  read: (deviceId: string) => Promise<{ hirer_phone_number: string }>;
  save: (deviceId: string, hirerName: string, hirerPhone: string) => Promise<unknown>;
  /** Query key root refreshed after a save. */
  root: readonly unknown[];
}

const appleHirer: HirerApi = { read: getHirerPhone, save: updateHirer, root: iosKeys.all };

interface HirerDialogProps {
  deviceId: string;
  name: string;
  onClose: () => void;
  hirerApi?: HirerApi;
}

/** HirerDialog edits the hirer's name and phone; the phone starts from the full number (an audited read). */
export function HirerDialog({ deviceId, name, onClose, hirerApi = appleHirer }: HirerDialogProps) {
  const [form] = Form.useForm<HirerValues>();
  const queryClient = useQueryClient();
  const phone = useQuery({ queryKey: [...hirerApi.root, 'device', deviceId, 'hirer-phone'], queryFn: () => hirerApi.read(deviceId), gcTime: 0, staleTime: 0 });
  useEffect(() => {
    if (phone.data && !form.isFieldTouched('hirer_phone_number')) form.setFieldsValue({ hirer_phone_number: phone.data.hirer_phone_number });
  }, [phone.data, form]);
  const save = useMutation({
    mutationFn: (v: HirerValues) => hirerApi.save(deviceId, v.hirer_name.trim(), v.hirer_phone_number?.trim() ?? ''),
    onSuccess: async () => {
      feedback.message.success('租机人信息已保存');
      onClose();
      await queryClient.invalidateQueries({ queryKey: hirerApi.root });
    },
  });
  return (
    <FormDialog<HirerValues>
      title="修改租机人信息"
      okText="保存"
      width={420}
      form={form}
      initialValues={{ hirer_name: name }}
      onFinish={(v) => save.mutate(v)}
      pending={save.isPending}
      okDisabled={phone.isLoading}
      onClose={onClose}
    >
      <Form.Item
        name="hirer_name"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入租机人姓名' },
          { max: 20, message: '姓名最多 20 个字符' },
        ]}
      >
        <Input maxLength={20} placeholder="租机人姓名" />
      </Form.Item>
      <Form.Item name="hirer_phone_number" label="手机号" rules={[{ pattern: PHONE_RE, message: '请输入正确的手机号' }]}>
        <Input maxLength={11} placeholder={phone.isLoading ? '正在读取…' : '选填'} />
      </Form.Item>
    </FormDialog>
  );
}
