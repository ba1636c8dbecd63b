import { ArrowLeftOutlined } from '@ant-design/icons';
import { hasPermission, type Perm, type UserInfo } from '@lease/shared';
import { Button, Flex } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Panel } from '../../../components/Panel.tsx';
import { type PlainTab, PlainTabs } from '../../../components/tabs/PlainTabs.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { lazyPart } from '../../../components/lazyPart.tsx';
import type { ClerkChangeApi } from './ChangeClerkDialog.tsx';
import type { HirerApi } from './HirerDialog.tsx';

// The edit dialogs' forms load on the first click: the page's first paint needs the device, not their inputs.
const HirerDialog = lazyPart(() => import('./HirerDialog.tsx').then((m) => m.HirerDialog));
const ChangeClerkDialog = lazyPart(() => import('./ChangeClerkDialog.tsx').then((m) => m.ChangeClerkDialog));
// antd's Result carries its status illustrations (~9 KB brotli): only a device that failed to load needs them.
export const DeviceLoadError = lazyPart(() => import('./DeviceLoadError.tsx').then((m) => m.DeviceLoadError));

/** BackToListLink is the detail page's way back to its device list. */
export function BackToListLink({ to }: { to: string }) {
  return (
    <Link to={to}>
      <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        返回设备列表
      </Button>
    </Link>
  );
}

interface DeviceDetailFrameProps {
  /** The device list to go back to. */
  back: string;
  header: ReactNode;
  /** Notices between the header and the tabs (archived, no longer managed). */
  notices?: ReactNode;
  tab: string;
  onTab: (key: string) => void;
  tabs: PlainTab[];
  /** Panels beside the tabs (Apple: enrolment and connection); above them on a phone. */
  aside?: ReactNode;
  /** The dialogs the page opens. */
  children: ReactNode;
}

/** DeviceDetailFrame is the frame of both platforms' detail pages: the way back, the header, the tabs and the dialogs. */
export function DeviceDetailFrame({ back, header, notices, tab, onTab, tabs, aside, children }: DeviceDetailFrameProps) {
  const panel = (style?: CSSProperties) => (
    <Panel style={style}>
      <PlainTabs activeKey={tab} onChange={onTab} style={{ marginTop: -12 }} items={tabs} />
    </Panel>
  );
  return (
    <Flex vertical gap={16}>
      <BackToListLink to={back} />
      {header}
      {notices}
      {aside ? <BesideTabs aside={aside} tabs={panel} /> : panel()}
      {children}
    </Flex>
  );
}

/** On a phone one column: the panels beside the tabs come first, above them. */
function BesideTabs({ aside, tabs }: { aside: ReactNode; tabs: (style: CSSProperties) => ReactNode }) {
  const phone = useIsPhone();
  return (
    <Flex gap={16} align={phone ? 'stretch' : 'start'} vertical={phone}>
      {tabs({ flex: 1, minWidth: 0, order: phone ? 2 : 0 })}
      <Flex vertical gap={16} style={phone ? { order: 1 } : { width: 300, flex: 'none' }}>
        {aside}
      </Flex>
    </Flex>
  );
}

/** factsTab is a detail page's first tab: every fact of the device. */
export const factsTab = (children: ReactNode) => ({ key: 'facts', label: '设备信息', children });

interface DeviceEditDialogsProps {
  edit: 'hirer' | 'clerk' | null;
  device: { id: string; hirer_name: string; for_clerk?: { id: string } | null };
  perms: UserInfo['permission'];
  /** The permission that lets the clerk still see a phone handed to someone else. */
  viewAll: Perm;
  /** Where the page goes when the clerk no longer sees the phone. */
  back: string;
  hirerApi?: HirerApi;
  clerkApi?: ClerkChangeApi;
  onClose: () => void;
}

/** DeviceEditDialogs are a detail page's edits of the hirer and of the clerk in charge. */
export function DeviceEditDialogs({ edit, device, perms, viewAll, back, hirerApi, clerkApi, onClose }: DeviceEditDialogsProps) {
  const navigate = useNavigate();
  if (edit === 'hirer') return <HirerDialog deviceId={device.id} name={device.hirer_name} hirerApi={hirerApi} onClose={onClose} />;
  if (edit !== 'clerk') return null;
  return (
    <ChangeClerkDialog
      deviceIds={[device.id]}
      currentClerkId={device.for_clerk?.id}
      clerkApi={clerkApi}
      onClose={onClose}
      // Without list:view-all the clerk no longer sees a phone handed to someone else.
      onDone={() => !hasPermission(perms, viewAll) && void navigate(back, { replace: true })}
    />
  );
}
