import type { ClerkListItem } from '@lease/shared';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Panel } from '../../../components/Panel.tsx';
import { ClerkDialog } from './ClerkDialog.tsx';
import { ClerkTable } from './ClerkTable.tsx';
import { DistributionLog } from './DistributionLog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';

type Dialog = { kind: 'new' } | { kind: 'edit'; clerk: ClerkListItem } | { kind: 'password'; clerk: ClerkListItem } | null;

/** EmployeePage is 店员管理 (admin only): the clerk list with its dialogs, and the device hand-over log. */
export default function EmployeePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'distribution' ? 'distribution' : 'clerks';
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <Panel
      title="店员管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'new' })}>
          新增店员
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'distribution' ? { tab: key } : {}, { replace: true })}
        style={{ marginTop: -12 }}
        items={[
          {
            key: 'clerks',
            label: '店员列表',
            children: <ClerkTable onEdit={(clerk) => setDialog({ kind: 'edit', clerk })} onResetPassword={(clerk) => setDialog({ kind: 'password', clerk })} />,
          },
          { key: 'distribution', label: '分配记录', children: <DistributionLog /> },
        ]}
      />
      {dialog?.kind === 'new' && <ClerkDialog onClose={close} />}
      {dialog?.kind === 'edit' && <ClerkDialog clerk={dialog.clerk} onClose={close} />}
      {dialog?.kind === 'password' && <ResetPasswordDialog clerk={dialog.clerk} onClose={close} />}
    </Panel>
  );
}
