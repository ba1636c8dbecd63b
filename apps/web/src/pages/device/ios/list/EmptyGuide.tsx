import { Button, Empty, Flex, Steps, Typography } from 'antd';

interface EmptyGuideProps {
  filtered: boolean;
  canRegister: boolean;
  onRegister: () => void;
  onClearFilters: () => void;
}

/** EmptyGuide tells a new store how its first phone gets here, and a search that found nothing how to widen it. */
export function EmptyGuide({ filtered, canRegister, onRegister, onClearFilters }: EmptyGuideProps) {
  if (filtered) {
    return (
      <Empty description="没有符合条件的设备">
        <Button onClick={onClearFilters}>清除筛选条件</Button>
      </Empty>
    );
  }
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '24px 0', textAlign: 'left' }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="门店还没有 Apple 设备" style={{ margin: 0 }} />
      <Steps
        orientation="vertical"
        size="small"
        style={{ maxWidth: 520 }}
        items={[
          { title: '登记序列号', content: '点击“登记设备”，输入 iPhone 的序列号（设置 → 通用 → 关于本机）。', status: 'process' },
          { title: '租机人安装描述文件', content: '把生成的链接或二维码发给租机人，用这台 iPhone 的 Safari 打开，按提示安装。', status: 'wait' },
          { title: '开始管理', content: '设备接入后出现在这里，可远程锁定、解锁、定位。批量准备设备也可用 Apple Configurator 安装描述文件。', status: 'wait' },
        ]}
      />
      {canRegister ? (
        <Button type="primary" onClick={onRegister}>
          登记第一台设备
        </Button>
      ) : (
        <Typography.Text type="secondary">你没有登记设备的权限，请联系门店管理员。</Typography.Text>
      )}
    </Flex>
  );
}
