import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { lostModalContentQuery } from '../../../api/iosDevice.ts';
import { updateMyLostModal } from '../../../api/user.ts';
import { feedback } from '../../../app/feedback.ts';
import { LostModalContentForm } from '../../../forms/LostModalContentForm.tsx';

/**
 * LostModalForm is the clerk's own default lock-screen text (spec §7 GET/PUT /api/user/lost-modal-content): what
 * the lock dialogs start from. The fields the clerk never filled show the store's default, which the call fills in.
 */
export function LostModalForm() {
  const content = useQuery(lostModalContentQuery);
  const queryClient = useQueryClient();

  if (!content.data) return <Skeleton active />;
  return (
    <LostModalContentForm
      content={content.data}
      hint="锁定设备时，锁屏提示默认带出以下内容，下发前仍可修改。未设置过的项显示的是门店默认内容。"
      submitLabel="保存锁屏提示"
      onSave={async (v) => {
        const saved = await updateMyLostModal(v);
        feedback.message.success('锁屏提示内容已保存');
        queryClient.setQueryData(lostModalContentQuery.queryKey, saved);
      }}
    />
  );
}
