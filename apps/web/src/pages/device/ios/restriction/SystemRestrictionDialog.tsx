import { appleRestrictionKeyLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { restrictionStateQuery } from '../../../../api/iosRestriction.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';
import { RestrictionSwitches, toggled } from '../default-restriction/RestrictionSwitches.tsx';
import { restrictedKeys, toRestrictionMap } from '../default-restriction/restrictionView.ts';
import { WALLPAPER_LOCK_KEY, effectiveSystemKeys, systemRestrictionSummary, unsupervisedKeys } from './restrictionStatus.ts';

const FIXED_BY_WALLPAPER = new Set([WALLPAPER_LOCK_KEY]);

/**
 * SystemRestrictionDialog sets one phone's system restrictions: the store's catalogue as switches, starting from
 * what the device is set to, with where it differs from the store default, a warning for what an unsupervised
 * phone ignores, and 恢复门店默认 (sync-store-default-system-restriction). The wallpaper lock that 设置壁纸
 * keeps on shows as on and fixed, and counts in the summary: the dialog never claims 全部解除 while one is active.
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
  const wallpaperAllowModify = s?.requested.wallpaper_allow_modify ?? true;
  // The wallpaper lock is the wallpaper dialog's to lift: shown on and fixed here, counted in the summary.
  const byWallpaper = !wallpaperAllowModify && !keys.has(WALLPAPER_LOCK_KEY);
  const shown = effectiveSystemKeys(keys, wallpaperAllowModify);
  const ignored = unsupervisedKeys(shown, s?.supervised ?? null);
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
          <Alert type="info" showIcon title={systemRestrictionSummary(keys, wallpaperAllowModify)} />
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
              value={shown}
              minColumnWidth={360}
              fixedKeys={byWallpaper ? FIXED_BY_WALLPAPER : undefined}
              onToggle={(key, on) => setChosen(toggled(keys, key, on))}
              markOf={(item) =>
                byWallpaper && item.key === WALLPAPER_LOCK_KEY ? (
                  <Tag color="orange">由壁纸设置控制</Tag>
                ) : keys.has(item.key) !== storeDefault.has(item.key) ? (
                  <Tag color="blue">与门店默认不同</Tag>
                ) : null
              }
            />
          </div>
          {/* Reversible (the clerk can change it back at once): no confirmation tick, the button sends. */}
          <Form form={form} onFinish={() => set.mutate({ device_id: device.id, system_restriction: toRestrictionMap(keys) })} />
        </Flex>
      )}
    </Modal>
  );
}
