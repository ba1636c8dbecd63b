import type { SuperviseOverview } from '@lease/shared';
import { Descriptions, Empty, Skeleton } from 'antd';
import { Panel } from '../../components/Panel.tsx';

/** SupervisePanel: how many devices in service are under supervision (Apple) or regulation (Android). */
export function SupervisePanel({ data, loading }: { data: SuperviseOverview | undefined; loading: boolean }) {
  const items = [
    ...(data?.ios
      ? [
          { key: 'ios-supervised', label: 'Apple 已监管', children: `${data.ios.supervised} / ${data.ios.total} 台` },
          { key: 'ios-unsupervised', label: 'Apple 未监管', children: `${data.ios.unsupervised} 台（未知 ${data.ios.unknown}）` },
          { key: 'ios-abm', label: '已绑定 ABM', children: `${data.ios.abm} 台` },
          { key: 'ios-al', label: '激活锁已开启', children: `${data.ios.activation_lock_on} 台` },
        ]
      : []),
    ...(data?.android
      ? [
          { key: 'android-regulated', label: 'Android 已监管', children: `${data.android.regulated} / ${data.android.total} 台` },
          { key: 'android-changing', label: 'Android 监管变更中', children: `${data.android.regulate_changing} 台` },
        ]
      : []),
  ];
  return (
    <Panel title="监管概况" style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length ? (
        <Descriptions column={1} size="small" items={items} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="门店未开通设备管理模块" />
      )}
    </Panel>
  );
}
