import { hasPermission, Module, Perm, type UserInfo } from '@lease/shared';
import { Button, Flex } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import { Link } from 'react-router';
import { emptyListText, FirstDeviceGuide, NO_REGISTER_TEXT } from '../../components/FirstDeviceGuide.tsx';
import { isAdmin } from '../../router/guard.ts';

/** The platforms a clerk may bring a first phone in on: the store bought the module and the clerk may register (Aa2 / Ea1). */
export function registrablePlatforms(user: UserInfo): { apple: boolean; android: boolean } {
  const may = (perm: Perm) => isAdmin(user) || hasPermission(user.permission, perm);
  return {
    apple: user.available_modules.includes(Module.APPLE) && may(Perm.APPLE_LIST_NEW),
    android: user.available_modules.includes(Module.ANDROID) && may(Perm.ANDROID_LIST_NEW),
  };
}

/** firstDeviceSteps are the onboarding steps for the platforms the clerk can act on, and none when there is none. */
export function firstDeviceSteps({ apple, android }: { apple: boolean; android: boolean }): { title: string; content: string }[] {
  if (!apple && !android) return [];
  const register = [apple && 'Apple 设备在设备列表点击“登记设备”输入序列号', android && 'Android 设备在设备列表点击“登记设备”生成接入二维码'].filter(Boolean);
  const enrol = [apple && '租机人用 iPhone 的 Safari 打开登记链接安装描述文件', android && 'Android 手机扫码安装管理应用'].filter(Boolean);
  return [
    { title: '登记设备', content: `${register.join('；')}。` },
    { title: '在手机上完成接入', content: `${enrol.join('；')}。` },
    { title: '开始管理', content: '设备接入后即可远程锁定、解锁、定位，首页统计也会随之更新。' },
  ];
}

/** EmptyStoreGuide replaces the charts while the store has no device: how the first phone gets in, for what the clerk may do. */
export function EmptyStoreGuide({ user, ownOnly }: { user: UserInfo; ownOnly: boolean }) {
  const can = registrablePlatforms(user);
  return (
    <FirstDeviceGuide description={emptyListText(null, !ownOnly)} steps={firstDeviceSteps(can)} maxWidth={560} style={{ padding: '8px 0' }}>
      {can.apple || can.android ? (
        <Flex gap={12}>
          {can.apple && (
            <Link to="/console/device/ios/list">
              <Button type="primary">登记 Apple 设备</Button>
            </Link>
          )}
          {can.android && (
            <Link to="/console/device/android/list">
              <Button type={can.apple ? 'default' : 'primary'}>接入 Android 设备</Button>
            </Link>
          )}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{NO_REGISTER_TEXT}</Typography.Text>
      )}
    </FirstDeviceGuide>
  );
}
