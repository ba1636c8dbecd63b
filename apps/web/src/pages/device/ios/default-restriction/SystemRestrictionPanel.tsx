import type { AppleRestrictionItem, AppleRestrictionMap } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { storeKeys, updateDefaultSystemRestriction } from '../../../../api/store.ts';
import { feedback } from '../../../../app/feedback.ts';
import { Panel } from '../../../../components/Panel.tsx';
import { restrictedKeys, restrictionSections, sameKeys, toRestrictionMap } from './restrictionView.ts';

const SECTIONS = restrictionSections();

function SupervisionTag({ item }: { item: AppleRestrictionItem }) {
  if (item.supervised) {
    return (
      <Tooltip title="仅对已监管的设备生效（通过 Apple 商务管理或 Apple Configurator 登记的设备）">
        <Tag color="orange">需监管</Tag>
      </Tooltip>
    );
  }
  if (item.unsupervisedDeprecated) {
    return (
      <Tooltip title="未监管的设备目前仍生效，但 Apple 已标记为将来不再支持">
        <Tag color="gold">建议监管</Tag>
      </Tooltip>
    );
  }
  return null;
}

function RestrictionRow({ item, on, readOnly, onToggle }: { item: AppleRestrictionItem; on: boolean; readOnly: boolean; onToggle: (on: boolean) => void }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={12} align="flex-start" style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Switch checked={on} disabled={readOnly} onChange={onToggle} aria-label={item.label} style={{ marginTop: 2 }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{item.label}</Typography.Text>
          <SupervisionTag item={item} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            iOS {item.minIos}+
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {item.description}
        </Typography.Text>
      </div>
    </Flex>
  );
}

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
  const toggle = (key: string, on: boolean) => {
    const next = new Set(keys);
    if (on) next.add(key);
    else next.delete(key);
    setKeys(next);
  };

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
        开关打开表示在设备上禁止该项。设备执行「同步门店默认系统限制」时下发这里的设置，设备详情会标出与门店默认不同的项。标有「需监管」的限制只对已监管的设备生效。
      </Typography.Paragraph>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(460px, 1fr))', columnGap: 32, rowGap: 16 }}>
        {SECTIONS.map((section) => (
          <section key={section.group}>
            <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
              {section.label}
            </Typography.Title>
            {section.items.map((item) => (
              <RestrictionRow key={item.key} item={item} on={keys.has(item.key)} readOnly={readOnly} onToggle={(on) => toggle(item.key, on)} />
            ))}
          </section>
        ))}
      </div>
    </Panel>
  );
}
