import { Module, type UserInfo } from '@lease/shared';
import { Button, Flex } from 'antd';
import { Link } from 'react-router';
import { emptyListText, FirstDeviceGuide } from '../../components/FirstDeviceGuide.tsx';

const FIRST_DEVICE_STEPS = [
  { title: '登记设备', content: 'Apple 设备在设备列表点击“登记设备”输入序列号；Android 设备在设备列表生成接入二维码。' },
  { title: '在手机上完成接入', content: '租机人用 iPhone 的 Safari 打开登记链接安装描述文件；Android 手机扫码安装管理应用。' },
  { title: '开始管理', content: '设备接入后即可远程锁定、解锁、定位，首页统计也会随之更新。' },
];

/** EmptyStoreGuide replaces the charts while the store has no device: how the first phone gets in. */
export function EmptyStoreGuide({ user, ownOnly }: { user: UserInfo; ownOnly: boolean }) {
  const apple = user.available_modules.includes(Module.APPLE);
  const android = user.available_modules.includes(Module.ANDROID);
  return (
    <FirstDeviceGuide description={emptyListText(null, !ownOnly)} steps={FIRST_DEVICE_STEPS} maxWidth={560} style={{ padding: '8px 0' }}>
      <Flex gap={12}>
        {apple && (
          <Link to="/console/device/ios/list">
            <Button type="primary">登记 Apple 设备</Button>
          </Link>
        )}
        {android && (
          <Link to="/console/device/android/list">
            <Button type={apple ? 'default' : 'primary'}>接入 Android 设备</Button>
          </Link>
        )}
      </Flex>
    </FirstDeviceGuide>
  );
}
