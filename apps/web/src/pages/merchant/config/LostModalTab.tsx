import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { lostModalContentQuery } from '../../../api/iosDevice.ts';
import { storeKeys, storeLostModalQuery, updateStoreLostModal } from '../../../api/store.ts';
import { feedback } from '../../../app/feedback.ts';
import { LostModalContentForm } from '../../../forms/LostModalContentForm.tsx';

/** LostModalTab is the store's default lock-screen text: what a clerk's own empty fields fall back to. */
export function LostModalTab() {
  const content = useQuery(storeLostModalQuery);
  const queryClient = useQueryClient();

  if (!content.data) return <Skeleton active />;
  return (
    <LostModalContentForm
      content={content.data}
      hint="店员锁定设备时，锁屏提示默认带出以下内容。店员自己设置过的内容优先，未填写的项使用这里的门店默认。"
      submitLabel="保存默认内容"
      onSave={async (v) => {
        const saved = await updateStoreLostModal(v);
        feedback.message.success('锁屏提示默认内容已保存');
        queryClient.setQueryData(storeKeys.lostModal, saved);
        // The clerk's own text is served merged with this default, so it is stale now.
        await queryClient.invalidateQueries({ queryKey: lostModalContentQuery.queryKey });
      }}
    />
  );
}
