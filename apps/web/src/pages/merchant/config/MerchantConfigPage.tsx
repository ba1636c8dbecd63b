import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useUser } from '../../../auth/useUser.ts';
import { Panel } from '../../../components/Panel.tsx';
import { CONFIG_TABS } from './configTabs.tsx';

/** MerchantConfigPage is 门店设置 (admin only): one tab per settings area, the open tab kept in `?tab=`. */
export default function MerchantConfigPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const tabs = CONFIG_TABS.filter((t) => t.visible?.(user) ?? true);
  const active = tabs.find((t) => t.key === params.get('tab')) ?? tabs[0];

  return (
    <Panel title="门店设置">
      <Tabs
        activeKey={active.key}
        onChange={(key) => setParams(key === tabs[0].key ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        style={{ marginTop: -12 }}
        items={tabs.map((t) => ({ key: t.key, label: t.label, children: t.render() }))}
      />
    </Panel>
  );
}
