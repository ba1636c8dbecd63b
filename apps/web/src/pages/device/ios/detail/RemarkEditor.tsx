import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { iosKeys, updateRemark } from '../../../../api/iosDevice.ts';
import { feedback } from '../../../../app/feedback.ts';

/** RemarkEditor edits the device's remark in place (≤ 100 characters); Enter saves, Esc cancels. */
export function RemarkEditor({
  deviceId,
  remark,
  save: write = updateRemark,
  root = iosKeys.all,
}: {
  deviceId: string;
  remark: string;
  /** Saves the remark; Apple's call by default, Android passes its own. */
  save?: (deviceId: string, remark: string) => Promise<unknown>;
  /** Query key root refreshed after a save. */
  root?: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (text: string) => write(deviceId, text),
    onSuccess: async () => {
      feedback.message.success('备注已保存');
      await queryClient.invalidateQueries({ queryKey: root });
    },
  });
  return (
    <Typography.Text
      type={remark ? undefined : 'secondary'}
      editable={{
        text: remark,
        maxLength: 100,
        tooltip: '修改备注',
        onChange: (text) => {
          if (text.trim() !== remark) save.mutate(text.trim());
        },
      }}
    >
      {save.isPending ? '保存中…' : remark || '无备注'}
    </Typography.Text>
  );
}
