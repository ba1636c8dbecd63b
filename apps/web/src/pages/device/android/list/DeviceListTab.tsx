import { AndroidDeviceList } from './AndroidDeviceList.tsx';

/** DeviceListTab is the 设备列表 tab: the store's managed Android phones. */
export default function DeviceListTab() {
  return <AndroidDeviceList archived={false} />;
}
