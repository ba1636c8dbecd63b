import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { appleWhiteListQuery, storeKeys, updateAppleWhiteList } from '../../../api/store.ts';
import { feedback } from '../../../app/feedback.ts';
import { AppListEditor, type ListedApp } from '../../device/ios/default-restriction/AppListEditor.tsx';
import { SensitiveConfirmDialog } from './components/SensitiveConfirmDialog.tsx';

const sameList = (a: ListedApp[], b: ListedApp[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * AppleWhiteListTab is the store's Apple global app white list: apps every phone allows whatever its own
 * app restriction says. Edits stay a draft until saved with the admin's password.
 */
export function AppleWhiteListTab() {
  const saved = useQuery(appleWhiteListQuery);
  const [draft, setDraft] = useState<ListedApp[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (saved.data && draft === null) setDraft(saved.data.list);
  }, [saved.data, draft]);

  if (!saved.data || draft === null) return <Skeleton active />;
  const dirty = !sameList(draft, saved.data.list);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 860 }}>
      <Alert
        type="info"
        showIcon
        title="白名单中的应用在门店所有 Apple 设备上始终允许使用，不受设备应用限制（黑名单或白名单）影响，适合门店自己的 App、支付和通讯类应用。修改需验证管理员密码。"
      />
      <AppListEditor value={draft} onChange={setDraft} withIcon emptyText="尚未添加白名单应用" />
      <Flex gap={12} align="center">
        <Button type="primary" disabled={!dirty} onClick={() => setConfirming(true)}>
          保存白名单
        </Button>
        <Button disabled={!dirty} onClick={() => setDraft(saved.data.list)}>
          放弃修改
        </Button>
        {dirty && <Tag color="orange">有未保存的修改</Tag>}
      </Flex>
      {confirming && (
        <SensitiveConfirmDialog
          title="保存 Apple 应用白名单"
          effect={`保存后白名单共 ${draft.length} 个应用，门店设备下次更新应用限制时生效。`}
          okText="确认保存"
          onConfirm={async ({ password }) => {
            const res = await updateAppleWhiteList({ password, list: draft.map((a) => ({ ...a, icon: a.icon ?? '' })) });
            queryClient.setQueryData(storeKeys.whiteList, res);
            setDraft(res.list);
            feedback.message.success('白名单已保存');
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </Flex>
  );
}
