import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@lease/shared';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { usePermission } from '../../../auth/usePermission.tsx';
import { useUser } from '../../../auth/useUser.ts';
import { Panel } from '../../../components/Panel.tsx';
import { RouteTabs } from '../../../components/RouteTabs.tsx';
import { canEnroll } from './androidActions.ts';

// The QR code renderer loads only when a clerk adds a phone.
const EnrollDialog = lazy(() => import('./list/EnrollDialog.tsx'));

/** AndroidListPage holds the Android list and the archive as two tabs (spec §2 children), and 登记设备 (Ea1). */
export default function AndroidListPage() {
  const { permission: perms } = useUser();
  const viewAll = usePermission(Perm.ANDROID_LIST_VIEW_ALL);
  const [enrolling, setEnrolling] = useState(false);
  return (
    <Panel
      title="Android 设备"
      extra={
        canEnroll(perms).allowed && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEnrolling(true)}>
            登记设备
          </Button>
        )
      }
    >
      <div style={{ marginTop: -16 }}>
        <RouteTabs parent="console-device-android-list" />
      </div>
      {enrolling && (
        <Suspense fallback={null}>
          <EnrollDialog chooseClerk={viewAll} onClose={() => setEnrolling(false)} />
        </Suspense>
      )}
    </Panel>
  );
}
