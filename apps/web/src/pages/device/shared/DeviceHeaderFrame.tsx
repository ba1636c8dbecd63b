import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Flex, Space } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { Panel } from '../../../components/Panel.tsx';
import { ActionButton } from '../ios/components/ActionButton.tsx';
import { SimulatedTag } from '../ios/components/StatusTags.tsx';
import type { ActionCheck } from '../ios/detail/deviceActions.ts';

interface DeviceHeaderFrameProps {
  name: ReactNode;
  simulated: boolean;
  /** The identifier and state tags under the name. */
  tags: ReactNode;
  /** The action buttons on the right. */
  actions: ReactNode;
}

/** DeviceHeaderFrame is the top of a device detail page on every platform: name, state tags, actions. */
export function DeviceHeaderFrame({ name, simulated, tags, actions }: DeviceHeaderFrameProps) {
  return (
    <Panel>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex vertical gap={6}>
          <Flex align="center" gap={8} wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {name}
            </Typography.Title>
            {simulated && <SimulatedTag />}
          </Flex>
          <Space size={4} wrap>
            {tags}
          </Space>
        </Flex>
        <Space wrap>{actions}</Space>
      </Flex>
    </Panel>
  );
}

interface LockToggleButtonProps {
  /** Locked or locking: the button offers 解锁; otherwise 锁定. */
  locked: boolean;
  lockCheck: ActionCheck;
  unlockCheck: ActionCheck;
  onLock: () => void;
  onUnlock: () => void;
}

/** LockToggleButton is the header's primary action: 解锁 for a locked phone, 锁定 otherwise. */
export function LockToggleButton({ locked, lockCheck, unlockCheck, onLock, onUnlock }: LockToggleButtonProps) {
  return locked ? (
    <ActionButton type="primary" icon={<UnlockOutlined />} check={unlockCheck} onClick={onUnlock}>
      解锁
    </ActionButton>
  ) : (
    <ActionButton type="primary" danger icon={<LockOutlined />} check={lockCheck} onClick={onLock}>
      锁定
    </ActionButton>
  );
}
