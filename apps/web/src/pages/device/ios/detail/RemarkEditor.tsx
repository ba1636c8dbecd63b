import EditOutlined from '@ant-design/icons/EditOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { iosKeys, updateRemark } from '../../../../api/iosDevice.ts';
import { feedback } from '../../../../app/feedback.ts';
import { Typography } from '../../../../components/typography/Typography.tsx';

const RemarkInput = lazy(() => import('./RemarkInput.tsx'));

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
  const [editing, setEditing] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const save = useMutation({
    mutationFn: (text: string) => write(deviceId, text),
    onSuccess: async () => {
      feedback.message.success('备注已保存');
      await queryClient.invalidateQueries({ queryKey: root });
    },
  });
  // Back from the editor, the keyboard is where it was: on the edit button.
  useEffect(() => {
    if (!editing && wasEditing.current) edit.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const shown = save.isPending ? '保存中…' : remark || '无备注';
  const text = (
    <Typography.Text type={remark ? undefined : 'secondary'}>
      {shown}
      {editing ? null : (
        <span className="ant-typography-actions">
          <button ref={edit} type="button" className="ant-typography-edit" aria-label="修改备注" title="修改备注" onClick={() => setEditing(true)}>
            <EditOutlined />
          </button>
        </span>
      )}
    </Typography.Text>
  );
  if (!editing) return text;
  return (
    <Suspense fallback={text}>
      <RemarkInput
        remark={remark}
        onSave={(value) => {
          if (value.trim() !== remark) save.mutate(value.trim());
        }}
        onDone={() => setEditing(false)}
      />
    </Suspense>
  );
}
