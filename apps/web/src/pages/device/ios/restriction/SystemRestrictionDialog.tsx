import { appleRestrictionKeyLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Modal, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { restrictionStateQuery } from '../../../../api/iosRestriction.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { ConfirmField } from '../../shared/ConfirmField.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';
import { RestrictionSwitches, toggled } from '../default-restriction/RestrictionSwitches.tsx';
import { restrictedKeys, sameKeys, toRestrictionMap } from '../default-restriction/restrictionView.ts';
import { unsupervisedKeys } from './restrictionStatus.ts';

/**
 * SystemRestrictionDialog sets one phone's system restrictions: the store's catalogue as switches, starting from
 * what the device is set to, with where it differs from the store default, a warning for what an unsupervised
 * phone ignores, and 恢复门店默认 (sync-store-default-system-restriction).
 */
export function SystemRestrictionDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const state = useQuery(restrictionStateQuery(device.id));
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [form] = Form.useForm();
  const finish = {
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  };
  const set = useDeviceCommand('set-system-restriction', finish);
  const sync = useDeviceCommand('sync-store-default-system-restriction', finish);

  const s = state.data;
  const keys = chosen ?? restrictedKeys(s?.requested.system_restriction ?? {});
  const storeDefault = restrictedKeys(s?.store_default ?? {});
  const differs = [...new Set([...keys, ...storeDefault])].filter((k) => keys.has(k) !== storeDefault.has(k));
  const ignored = unsupervisedKeys(keys, s?.supervised ?? null);
  const busy = set.isPending || sync.isPending;

  return (
    <Modal
      open
      title={`系统限制 · ${deviceTitle(device)}`}
      width={880}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Popconfirm
            title="恢复门店默认"
            description={`将按门店默认系统限制（${storeDefault.size} 项）重新下发到这台设备。`}
            okText="恢复并下发"
            cancelText="取消"
            onConfirm={() => sync.mutate({ device_id: device.id })}
          >
            <Button disabled={!s || busy} loading={sync.isPending}>
              恢复门店默认
            </Button>
          </Popconfirm>
          <Flex gap={8}>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" disabled={!s} loading={set.isPending} onClick={() => form.submit()}>
              下发系统限制
            </Button>
          </Flex>
        </Flex>
      }
    >
      {!s ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            title={
              keys.size > 0
                ? `下发后，手机会安装（或更新）「门店设备限制」描述文件，开启的 ${keys.size} 项在手机上生效，租客无法自行更改。设备离线时，下次联网后生效。`
                : '所有限制都已关闭：下发后，手机上的系统限制全部解除（没有其他限制时移除「门店设备限制」描述文件）。'
            }
          />
          {ignored.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`本机未监管，以下 ${ignored.length} 项需监管的限制下发后不会生效：${ignored.map(appleRestrictionKeyLabel).join('、')}`}
            />
          )}
          {s.supervised === null && <Alert type="warning" showIcon title="设备尚未上报监管状态：标有「需监管」的限制只在已监管的设备上生效。" />}
          <Typography.Text type={differs.length ? 'warning' : 'secondary'}>
            {differs.length ? `与门店默认不同：${differs.length} 项（已标出）` : '与门店默认一致'}
          </Typography.Text>
          <div style={{ maxHeight: '52vh', overflowY: 'auto', paddingRight: 8 }}>
            <RestrictionSwitches
              value={keys}
              minColumnWidth={360}
              onToggle={(key, on) => setChosen(toggled(keys, key, on))}
              markOf={(item) => (keys.has(item.key) !== storeDefault.has(item.key) ? <Tag color="blue">与门店默认不同</Tag> : null)}
            />
          </div>
          <Form form={form} onFinish={() => set.mutate({ device_id: device.id, system_restriction: toRestrictionMap(keys) })}>
            <ConfirmField label={sameKeys(keys, restrictedKeys(s.requested.system_restriction)) ? '我确认按当前设置重新下发' : '我确认按以上设置下发'} />
          </Form>
        </Flex>
      )}
    </Modal>
  );
}
