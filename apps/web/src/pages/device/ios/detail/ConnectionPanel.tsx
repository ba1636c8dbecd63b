import { ReloadOutlined } from '@ant-design/icons';
import type { IosDeviceDetail } from '@lease/shared';
import { Button, Descriptions } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { Panel } from '../../../../components/Panel.tsx';
import { YesNo } from '../../../../components/YesNo.tsx';
import { formatDateTime, fromNow } from '../../../../lib/time.ts';

interface ConnectionPanelProps {
  check: IosDeviceDetail['mdm_check'];
  checking: boolean;
  onRecheck: () => void;
}

/**
 * ConnectionPanel is the 设备连接检查: whether commands can reach the phone (enrolled, push token valid),
 * how many wait for it, and when it last answered. Checking also asks the phone to report fresh facts.
 */
export function ConnectionPanel({ check, checking, onRecheck }: ConnectionPanelProps) {
  return (
    <Panel
      title="设备连接检查"
      extra={
        <Hint title="重新检查，并请设备上报最新信息">
          <Button size="small" icon={<ReloadOutlined />} loading={checking} onClick={onRecheck}>
            重新检查
          </Button>
        </Hint>
      }
    >
      {check ? (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'enrolled', label: '管理状态', children: <YesNo ok={check.enrolled} yes="已接入" no="未接入" /> },
            { key: 'push', label: '推送通道', children: <YesNo ok={check.push_ready} yes="推送可用" no="推送不可用" /> },
            { key: 'pending', label: '待执行指令', children: `${check.pending_commands} 条` },
            {
              key: 'seen',
              label: '最后通信',
              children: check.last_seen_at ? (
                <Hint title={formatDateTime(check.last_seen_at)}>
                  <span>{fromNow(check.last_seen_at)}</span>
                </Hint>
              ) : (
                '从未通信'
              ),
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">尚未检查</Typography.Text>
      )}
      {check?.enrolled && !check.push_ready && (
        <Typography.Paragraph type="warning" style={{ marginTop: 8, marginBottom: 0 }}>
          推送不可用时，指令要等设备自行联网时才会执行。
        </Typography.Paragraph>
      )}
    </Panel>
  );
}
