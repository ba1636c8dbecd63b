import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { changeForClerk, clerkOptionsQuery, fetchClerkOptions, iosKeys, type ClerkOption } from '../../../api/iosDevice.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';

/** ClerkChangeApi is how the dialog lists clerks and hands devices over on one platform; Apple's by default. */
export interface ClerkChangeApi {
  clerksKey: readonly unknown[];
  loadClerks: () => Promise<ClerkOption[]>;
  change: (deviceIds: string[], forClerk: string) => Promise<{ count: number }>;
  /** Query key root refreshed afterwards. */
  root: readonly unknown[];
}

const appleClerkChange: ClerkChangeApi = { clerksKey: clerkOptionsQuery.queryKey, loadClerks: fetchClerkOptions, change: changeForClerk, root: iosKeys.all };

interface ChangeClerkDialogProps {
  deviceIds: string[];
  currentClerkId?: string;
  onClose: () => void;
  onDone?: () => void;
  clerkApi?: ClerkChangeApi;
}

/** ChangeClerkDialog hands devices to another clerk (Aa4 / Ea3); a clerk without view-all then no longer sees them. */
export function ChangeClerkDialog({ deviceIds, currentClerkId, onClose, onDone, clerkApi = appleClerkChange }: ChangeClerkDialogProps) {
  const clerks = useQuery({ queryKey: clerkApi.clerksKey, queryFn: clerkApi.loadClerks, staleTime: 5 * 60_000 });
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ for_clerk }: { for_clerk: string }) => clerkApi.change(deviceIds, for_clerk),
    onSuccess: async ({ count }, { for_clerk }) => {
      const name = clerks.data?.find((c) => c.id === for_clerk)?.name ?? '所选店员';
      feedback.message.success(`已将 ${count} 台设备交给 ${name}`);
      onClose();
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: clerkApi.root });
    },
  });
  return (
    <FormDialog<{ for_clerk: string }>
      title="更换店员"
      okText="确定更换"
      width={440}
      initialValues={{ for_clerk: currentClerkId }}
      onFinish={(v) => change.mutate(v)}
      pending={change.isPending}
      intro={
        <Typography.Paragraph>
          将 <Typography.Text strong>{deviceIds.length}</Typography.Text> 台设备交给以下店员负责：
        </Typography.Paragraph>
      }
      onClose={onClose}
    >
      <Form.Item name="for_clerk" rules={[{ required: true, message: '请选择店员' }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="选择店员"
          loading={clerks.isLoading}
          options={(clerks.data ?? []).map((c) => ({ value: c.id, label: c.disabled ? `${c.name}（已停用）` : c.name, disabled: c.disabled }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
