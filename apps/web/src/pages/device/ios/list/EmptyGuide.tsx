import { Button } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { emptyListText, FirstDeviceGuide, NO_REGISTER_TEXT, NoMatchingDevices } from '../../../../components/FirstDeviceGuide.tsx';

interface EmptyGuideProps {
  filtered: boolean;
  /** 查看全部设备: without it the list holds only the clerk's own phones. */
  viewAll: boolean;
  canRegister: boolean;
  onRegister: () => void;
  onClearFilters: () => void;
}

const FIRST_APPLE_STEPS = [
  { title: '登记序列号', content: '点击“登记设备”，输入 iPhone 的序列号（设置 → 通用 → 关于本机）。' },
  { title: '租机人安装描述文件', content: '把生成的链接或二维码发给租机人，用这台 iPhone 的 Safari 打开，按提示安装。' },
  { title: '开始管理', content: '设备接入后出现在这里，可远程锁定、解锁、定位。批量准备设备也可用 Apple Configurator 安装描述文件。' },
];

/** EmptyGuide tells a new store how its first phone gets here (only to a clerk who may register one), and a search that found nothing how to widen it. */
export function EmptyGuide({ filtered, viewAll, canRegister, onRegister, onClearFilters }: EmptyGuideProps) {
  if (filtered) return <NoMatchingDevices onClear={onClearFilters} />;
  return (
    <FirstDeviceGuide
      description={emptyListText('Apple', viewAll)}
      steps={canRegister ? FIRST_APPLE_STEPS : []}
      maxWidth={520}
      style={{ padding: '24px 0', textAlign: 'left' }}
    >
      {canRegister ? (
        <Button type="primary" onClick={onRegister}>
          登记第一台设备
        </Button>
      ) : (
        <Typography.Text type="secondary">{NO_REGISTER_TEXT}</Typography.Text>
      )}
    </FirstDeviceGuide>
  );
}
