import { EnvironmentOutlined } from '@ant-design/icons';
import type { GeoPointInfo } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Flex, theme } from 'antd';
import { Hint } from '../../../../../components/hint/Hint.tsx';
import { Typography } from '../../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { locationLogQuery, type LocationLogItem } from '../../../../../api/iosDevice.ts';
import { type ReverseGeocode, addressQuery } from '../../../../../api/helper.ts';
import { clientConfigQuery } from '../../../../../api/system.ts';
import { mapProviderStore } from '../../../../../auth/storage.ts';
import { FactList } from '../../../../../components/CardList.tsx';
import { tablePagination } from '../../../../../components/pagination.ts';
import { ResponsiveTable } from '../../../../../components/ResponsiveTable.tsx';
import { amapMarkerUrl, wgs84ToGcj02 } from '../../../../../lib/geo.ts';
import { formatDateTime, fromNow } from '../../../../../lib/time.ts';
import { useIsPhone } from '../../../../../lib/useIsPhone.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import type { ActionCheck } from '../deviceActions.ts';
import { LocationMap } from './LocationMap.tsx';

const coord = (lat: number, lng: number) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
const accuracy = (m: number | null | undefined) => (m === null || m === undefined ? '—' : `±${Math.round(m)} 米`);

const amapUrl = (lat: number, lng: number) => amapMarkerUrl(wgs84ToGcj02({ lat, lng }));

function AmapLink({ lat, lng }: { lat: number; lng: number }) {
  return (
    <Typography.Link href={amapUrl(lat, lng)} target="_blank" rel="noreferrer">
      在高德地图中查看
    </Typography.Link>
  );
}

/** useMapView says whether the last location is drawn on AMap, and with which key. */
function useMapView(): { amapKey: string | null; securityCode: string | null; noKey: boolean } {
  const config = useQuery(clientConfigQuery);
  const key = config.data?.amap_key ?? null;
  // AMap is the only provider the console can draw; any other stored value keeps the coordinates view.
  const gaode = mapProviderStore.get() === 'gaode';
  // While the config loads nothing is said, so the note does not flash before the map appears.
  return { amapKey: gaode ? key : null, securityCode: config.data?.amap_security_code ?? null, noKey: !config.isPending && !key };
}

/** addressText: AMap's address when the server has a geocoder, otherwise why there is none. */
function addressText(data: ReverseGeocode | undefined, failed: boolean) {
  if (failed) return '地址查询失败';
  if (!data) return '查询中…';
  if (data.address) return data.address;
  return data.provider === 'offline' ? '暂不提供地址，仅显示坐标' : '未查到地址';
}

function LastLocation({ point }: { point: GeoPointInfo }) {
  const gcj = wgs84ToGcj02({ lat: point.latitude, lng: point.longitude });
  const { amapKey, securityCode, noKey } = useMapView();
  const address = useQuery(addressQuery(point.latitude, point.longitude));
  const phone = useIsPhone();
  const { token } = theme.useToken();
  const addressValue = addressText(address.data, address.isError);
  const wgs = <Typography.Text copyable>{coord(point.latitude, point.longitude)}</Typography.Text>;
  const gcjValue = <Typography.Text copyable>{coord(gcj.lat, gcj.lng)}</Typography.Text>;
  const at = `${formatDateTime(point.at)}（${fromNow(point.at)}）`;
  return (
    <Flex vertical gap={8}>
      {amapKey && <LocationMap amapKey={amapKey} securityCode={securityCode} lat={point.latitude} lng={point.longitude} accuracy={point.accuracy} />}
      {noKey && <Typography.Text type="secondary">未开通地图显示，仅显示坐标</Typography.Text>}
      {phone ? (
        // A phone reads the point as one card, one fact a line; the map link is the big button above.
        <section
          aria-label="最近位置"
          data-card=""
          style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: 12 }}
        >
          <FactList
            facts={[
              { key: 'address', label: '地址', value: addressValue },
              { key: 'at', label: '定位时间', value: at },
              { key: 'acc', label: '精度', value: accuracy(point.accuracy) },
              { key: 'gcj', label: 'GCJ-02', value: gcjValue },
              { key: 'wgs', label: 'WGS-84', value: wgs },
            ]}
          />
        </section>
      ) : (
        <Descriptions
          size="small"
          bordered
          column={2}
          items={[
            { key: 'address', label: '地址', span: 2, children: addressValue },
            { key: 'wgs', label: 'WGS-84（GPS）', children: wgs },
            { key: 'gcj', label: 'GCJ-02（高德）', children: gcjValue },
            { key: 'acc', label: '精度', children: accuracy(point.accuracy) },
            { key: 'at', label: '定位时间', children: at },
            { key: 'map', label: '地图', span: 2, children: <AmapLink lat={point.latitude} lng={point.longitude} /> },
          ]}
        />
      )}
    </Flex>
  );
}

/** newestLogged: the history's first row as a point, for a phone whose device record has no last location yet. */
export function newestLogged(list: readonly LocationLogItem[] | undefined): GeoPointInfo | null {
  const row = list?.[0];
  return row ? { latitude: row.latitude, longitude: row.longitude, accuracy: row.accuracy ?? undefined, at: row.measured_at } : null;
}

interface LocationTabProps {
  deviceId: string;
  last: GeoPointInfo | null;
  locateCheck: ActionCheck;
  onLocate: () => void;
  /** The platform's location history; Apple's by default. */
  logQuery?: typeof locationLogQuery;
  /** Shown when the phone never reported a location. */
  emptyText?: string;
  /** A locate request is on its way to the phone: said instead of "no location" while none is known yet. */
  pending?: boolean;
}

/**
 * LocationTab shows where the phone last reported itself and the history. Phones report WGS-84; Chinese
 * maps draw GCJ-02, so both are shown and the AMap link uses the converted point. With an AMap key from the
 * client config the point is also drawn on a map (DESIGN §6); without one the coordinates are the whole view.
 */
export function LocationTab({
  deviceId,
  last,
  locateCheck,
  onLocate,
  logQuery = locationLogQuery,
  emptyText = '暂无位置。Apple 只允许获取处于丢失模式（已锁定）设备的位置。',
  pending = false,
}: LocationTabProps) {
  const [page, setPage] = useState({ num: 0, size: 10 });
  const log = useQuery(logQuery(deviceId, page.num, page.size));
  const latest = last ?? newestLogged(page.num === 0 ? log.data?.list : undefined);
  const phone = useIsPhone();
  return (
    <Flex vertical gap={16}>
      {phone && latest && (
        // Finding the phone is why a clerk opens this tab on the street: the map is one thumb away.
        <Button
          type="primary"
          size="large"
          block
          icon={<EnvironmentOutlined />}
          href={amapUrl(latest.latitude, latest.longitude)}
          target="_blank"
          rel="noreferrer"
        >
          在高德地图中查看
        </Button>
      )}
      <Flex justify="space-between" align="center">
        <Typography.Text strong>最近位置</Typography.Text>
        <ActionButton icon={<EnvironmentOutlined />} check={locateCheck} onClick={onLocate}>
          获取定位
        </ActionButton>
      </Flex>
      {pending && <Alert type="info" showIcon title={latest ? '已请求新的定位，设备上报后更新；下面是上次的位置。' : '已请求定位，等待设备上报位置。'} />}
      {latest ? <LastLocation point={latest} /> : !pending && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      <Typography.Text strong>定位记录</Typography.Text>
      <ResponsiveTable<LocationLogItem>
        rowKey={(r) => `${r.measured_at}-${r.latitude}-${r.longitude}`}
        label="定位记录"
        card={{ title: 'measured', facts: ['acc', 'gcj', 'wgs'], actions: 'map' }}
        size="small"
        dataSource={log.data?.list}
        loading={log.isLoading}
        locale={{ emptyText: '暂无定位记录' }}
        columns={[
          {
            title: '定位时间',
            key: 'measured',
            width: 150,
            render: (_, r) => (
              <Hint title={`记录于 ${formatDateTime(r.date_created)}`}>
                <span>{formatDateTime(r.measured_at)}</span>
              </Hint>
            ),
          },
          { title: 'WGS-84 坐标', key: 'wgs', render: (_, r) => coord(r.latitude, r.longitude) },
          {
            title: 'GCJ-02 坐标',
            key: 'gcj',
            render: (_, r) => {
              const g = wgs84ToGcj02({ lat: r.latitude, lng: r.longitude });
              return coord(g.lat, g.lng);
            },
          },
          { title: '精度', key: 'acc', width: 90, render: (_, r) => accuracy(r.accuracy) },
          { title: '地图', key: 'map', width: 140, render: (_, r) => <AmapLink lat={r.latitude} lng={r.longitude} /> },
        ]}
        pagination={tablePagination({ pageNum: page.num, pageSize: page.size, total: log.data?.total ?? 0, onChange: (num, size) => setPage({ num, size }) })}
      />
    </Flex>
  );
}
