import { Button, Empty } from 'antd';
import type { FirstDeviceGuideProps } from './GuideBody.tsx';
import { lazyPart } from './lazyPart.tsx';

/**
 * FirstDeviceGuide stands where a store's devices will be: how the first phone gets in, step by step. Its code (with
 * antd's Steps, 7 KB) loads when a guide is drawn: the device lists import this module for their empty state, which a
 * store with phones never sees. It appears whole once loaded, so nothing under it moves.
 */
export const FirstDeviceGuide = lazyPart<FirstDeviceGuideProps>(() => import('./GuideBody.tsx').then((m) => m.GuideBody));

/** NO_REGISTER_TEXT is what an empty list says instead of onboarding steps to a clerk who may not register phones. */
export const NO_REGISTER_TEXT = '你没有登记设备的权限，请联系门店管理员。';

/** NoMatchingDevices is a device list whose filters found nothing, with the way back to all devices. */
export function NoMatchingDevices({ onClear }: { onClear: () => void }) {
  return (
    <Empty description="没有符合条件的设备">
      <Button onClick={onClear}>清除筛选条件</Button>
    </Empty>
  );
}

/**
 * emptyListText is what an empty device list says. Without 查看全部设备 the clerk sees only the phones
 * assigned to them, so "the store has none" would be false: it says what they may not see instead.
 */
export function emptyListText(platform: 'Apple' | 'Android' | null, viewAll: boolean): string {
  if (!viewAll) return '你名下还没有设备；其他店员负责的设备你无权限查看';
  return platform ? `门店还没有 ${platform} 设备` : '门店还没有设备，接入第一台设备后这里会显示统计图表';
}
