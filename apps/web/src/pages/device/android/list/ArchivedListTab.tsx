import { Alert, Flex } from 'antd';
import { AndroidDeviceList } from './AndroidDeviceList.tsx';

/** ArchivedListTab is the 已归档 tab: phones released from management, kept with their history. */
export default function ArchivedListTab() {
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title="归档的设备已解除管理，不能再下发指令；设备信息和操作记录仍可查看。" />
      <AndroidDeviceList archived />
    </Flex>
  );
}
