import type { AppleRestrictionMap } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { storeKeys, updateDefaultSystemRestriction } from '../../../../api/store.ts';
import { feedback } from '../../../../app/feedback.ts';
import { Panel } from '../../../../components/Panel.tsx';
import { RestrictionSwitches, toggled } from './RestrictionSwitches.tsx';
import { restrictedKeys, sameKeys, toRestrictionMap } from './restrictionView.ts';

/** SystemRestrictionPanel is the store's default Apple system restrictions as grouped switches (on = restricted). */
export function SystemRestrictionPanel({ saved, readOnly }: { saved: AppleRestrictionMap; readOnly: boolean }) {
  const savedKeys = restrictedKeys(saved);
  const [keys, setKeys] = useState(savedKeys);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => updateDefaultSystemRestriction(toRestrictionMap(keys)),
    onSuccess: (res) => {
      queryClient.setQueryData(storeKeys.restriction, res);
      setKeys(restrictedKeys(res.system_restriction));
      feedback.message.success('默认系统限制已保存');
    },
  });
  const dirty = !sameKeys(keys, savedKeys);
  const toggle = (key: string, on: boolean) => setKeys(toggled(keys, key, on));

  return (
    <Panel
      title="默认系统限制"
      extra={
        <Flex gap={12} align="center">
          <Typography.Text type="secondary">已开启 {keys.size} 项限制</Typography.Text>
          {!readOnly && (
            <>
              {dirty && <Tag color="orange">未保存</Tag>}
              <Button disabled={!dirty} onClick={() => setKeys(savedKeys)}>
                还原
              </Button>
              <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
                保存系统限制
              </Button>
            </>
          )}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        开关打开表示在设备上启用该项限制。新接入的设备会自动采用这里的设置；已接入的设备执行「恢复门店默认」时下发，设备详情会标出与门店默认不同的项。标有「需监管」的限制只对已监管的设备生效。
      </Typography.Paragraph>
      <RestrictionSwitches value={keys} readOnly={readOnly} onToggle={toggle} />
    </Panel>
  );
}
