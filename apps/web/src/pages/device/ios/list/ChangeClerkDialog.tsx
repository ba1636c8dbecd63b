import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select, Typography } from 'antd';
import { changeForClerk, clerkOptionsQuery, iosKeys } from '../../../../api/iosDevice.ts';
import { feedback } from '../../../../app/feedback.ts';

interface ChangeClerkDialogProps {
  deviceIds: string[];
  currentClerkId?: string;
  onClose: () => void;
  onDone?: () => void;
}

/** ChangeClerkDialog hands devices to another clerk (Aa4); a clerk without Aa3 then no longer sees them. */
export function ChangeClerkDialog({ deviceIds, currentClerkId, onClose, onDone }: ChangeClerkDialogProps) {
  const [form] = Form.useForm<{ for_clerk: string }>();
  const clerks = useQuery(clerkOptionsQuery);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ for_clerk }: { for_clerk: string }) => changeForClerk(deviceIds, for_clerk),
    onSuccess: async ({ count }, { for_clerk }) => {
      const name = clerks.data?.find((c) => c.id === for_clerk)?.name ?? '所选店员';
      feedback.message.success(`已将 ${count} 台设备交给 ${name}`);
      onClose();
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: iosKeys.all });
    },
  });
  return (
    <Modal
      open
      title="更换店员"
      okText="确定更换"
      cancelText="取消"
      okButtonProps={{ loading: change.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph>
        将 <Typography.Text strong>{deviceIds.length}</Typography.Text> 台设备交给以下店员负责：
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ for_clerk: currentClerkId }} onFinish={(v) => change.mutate(v)}>
        <Form.Item name="for_clerk" rules={[{ required: true, message: '请选择店员' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择店员"
            loading={clerks.isLoading}
            options={(clerks.data ?? []).map((c) => ({ value: c.id, label: c.disabled ? `${c.name}（已停用）` : c.name, disabled: c.disabled }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
