import type { IosScreenWallpaper, IosWallpaperState } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { currentWallpaperQuery } from '../../../../api/iosSettings.ts';
import { formatDateTime } from '../../../../lib/time.ts';

function Screen({ label, on }: { label: string; on: IosScreenWallpaper | null }) {
  if (!on) return <Typography.Text type="secondary">{label}：未由门店设置</Typography.Text>;
  const name = on.wallpaper_id ? on.name || '未命名壁纸' : `${on.name || '壁纸'}（已从壁纸库删除）`;
  return (
    <Flex gap={8} align="center">
      {on.thumbnail && <img src={on.thumbnail} alt={`${label}壁纸`} style={{ height: 40, borderRadius: 4 }} />}
      <Typography.Text title={`设置于 ${formatDateTime(on.set_at)}`}>
        {label}：{name}
      </Typography.Text>
    </Flex>
  );
}

/** CurrentWallpaper shows what the store set on each screen and whether the hirer may change it. */
export function CurrentWallpaper({ state }: { state: IosWallpaperState }) {
  return (
    <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
      <Screen label="锁屏" on={state.lock_screen} />
      <Screen label="主屏幕" on={state.home_screen} />
      {state.allow_modify ? <Tag>租机人可更换</Tag> : <Tag color="orange">租机人不可更换</Tag>}
    </Flex>
  );
}

/** WallpaperFact is the facts tab's 壁纸 row: it reads the device's wallpaper record itself. */
export function WallpaperFact({ deviceId }: { deviceId: string }) {
  const current = useQuery(currentWallpaperQuery(deviceId));
  if (!current.data) return <Typography.Text type="secondary">{current.isError ? '读取失败' : '加载中…'}</Typography.Text>;
  return <CurrentWallpaper state={current.data} />;
}
