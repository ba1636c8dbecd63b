import type { AppPlatform, AppstoreNewRequest } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { addApp, appstoreKeys } from '../../api/appstore.ts';
import { feedback } from '../../app/feedback.ts';
import { isApiError } from '../../api/index.ts';
import { ItunesSearchPanel } from './ItunesSearchPanel.tsx';
import { ManualAppForm } from './ManualAppForm.tsx';

interface AddAppDialogProps {
  platform: AppPlatform;
  groups: string[];
  onClose: () => void;
}

/**
 * AddAppDialog adds apps to the library: Apple apps found through App Store search (or entered by hand when
 * search is unavailable), Android apps by package name. The dialog stays open to add several.
 */
export function AddAppDialog({ platform, groups, onClose }: AddAppDialogProps) {
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [tab, setTab] = useState<'search' | 'manual'>(platform === 'apple' ? 'search' : 'manual');
  const [manualName, setManualName] = useState('');
  const [manualKey, setManualKey] = useState(0);
  const add = useMutation({
    mutationFn: addApp,
    onSuccess: async (app) => {
      feedback.message.success(`已添加「${app.app_name}」`);
      setAdded((s) => new Set(s).add(app.bundle_id));
      setManualKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: appstoreKeys.all });
    },
    onError: (err, req) => {
      // Already in the library: the client showed the server's notice; mark it so it is not tried again.
      if (isApiError(err) && err.status === 409) setAdded((s) => new Set(s).add(req.bundle_id));
    },
  });
  const submit = (req: AppstoreNewRequest) => add.mutate(req);

  const manual = (
    <ManualAppForm
      key={manualKey}
      platform={platform}
      groups={groups}
      initialName={manualName}
      submitting={add.isPending}
      onSubmit={(v) => submit({ platform, ...v })}
    />
  );

  return (
    <Modal open title={platform === 'apple' ? '添加 Apple 应用' : '添加 Android 应用'} footer={null} onCancel={onClose} width={640} destroyOnHidden>
      {platform === 'apple' ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'search' | 'manual')}
          items={[
            {
              key: 'search',
              label: '在 App Store 搜索',
              children: (
                <ItunesSearchPanel
                  groups={groups}
                  added={added}
                  adding={add.isPending ? (add.variables?.bundle_id ?? null) : null}
                  onAdd={submit}
                  onManual={(term) => {
                    setManualName(term);
                    setManualKey((k) => k + 1);
                    setTab('manual');
                  }}
                />
              ),
            },
            { key: 'manual', label: '手动填写', children: manual },
          ]}
        />
      ) : (
        manual
      )}
    </Modal>
  );
}
