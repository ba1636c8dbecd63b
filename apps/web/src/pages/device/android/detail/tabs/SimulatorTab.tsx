import type { AndroidSimulatorView } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Skeleton, Tag } from 'antd';
import { Typography } from '../../../../../components/typography/Typography.tsx';
import { androidSimulatorQuery } from '../../../../../api/androidDevice.ts';
import { ApiError } from '../../../../../api/errors.ts';

const reasonLabel: Record<AndroidSimulatorView['lock_screen']['reason'], string> = {
  command: '门店锁定',
  offline: '离线过久自动锁定',
  'lease-overdue': '分期逾期自动锁定',
  none: '—',
};

/**
 * SimulatorTab (模拟设备) shows what a simulated phone's lock screen shows right now, the 8-digit challenge for an
 * offline unlock code included, so the demo needs no file in DATA_DIR. The server answers only with dev tools on, for
 * a simulated phone its own process runs; otherwise the tab says why there is nothing to show.
 */
export function SimulatorTab({ deviceId }: { deviceId: string }) {
  const sim = useQuery(androidSimulatorQuery(deviceId));
  if (sim.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!sim.data) {
    const missing = sim.error instanceof ApiError && sim.error.status === 404;
    return (
      <Alert
        type="info"
        showIcon
        title={missing ? '看不到这台模拟设备的屏幕' : '读取模拟设备失败'}
        description={
          missing
            ? '只有开启开发者工具（npm start 的演示默认开启）时、由本服务器运行的模拟设备才显示锁屏；用 npm run sim 另行启动的模拟设备请在其终端查看。'
            : sim.error?.message
        }
      />
    );
  }
  const { connected, lock_screen: screen } = sim.data;
  return (
    <>
      <Typography.Paragraph type="secondary">这是模拟手机此刻的锁屏，每 3 秒刷新；真实手机的锁屏只在手机上可见。</Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 120 } }}
        items={[
          { key: 'connected', label: '连接', children: connected ? <Tag color="green">在线（WebSocket）</Tag> : <Tag>离线</Tag> },
          { key: 'locked', label: '锁屏', children: screen.locked ? <Tag color="red">已锁定</Tag> : <Tag color="green">未锁定</Tag> },
          ...(screen.locked
            ? [
                { key: 'reason', label: '锁定原因', children: reasonLabel[screen.reason] },
                { key: 'message', label: '锁屏文字', children: screen.message || '—' },
                { key: 'phone', label: '联系电话', children: screen.phone || '—' },
                {
                  key: 'challenge',
                  label: '挑战码',
                  children: screen.challenge ? (
                    <Typography.Text copyable strong style={{ fontSize: 18, letterSpacing: 2 }}>
                      {screen.challenge}
                    </Typography.Text>
                  ) : (
                    '—'
                  ),
                },
                ...(screen.blocked_for_ms > 0
                  ? [{ key: 'blocked', label: '输入受限', children: `错误次数过多，${Math.ceil(screen.blocked_for_ms / 1000)} 秒后可再试` }]
                  : []),
              ]
            : []),
          { key: 'tail', label: '设备尾号', children: screen.device_tail || '—' },
        ]}
      />
      {screen.locked && screen.challenge && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          租机人打电话时会报出挑战码：用本页的“离线解锁码”输入它，得到的 8 位解锁码可在手机上解锁（手机离线时也可以）。
        </Typography.Paragraph>
      )}
    </>
  );
}
