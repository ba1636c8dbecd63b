import { Button, Flex, Result } from 'antd';
import { Link } from 'react-router';
import { isApiError } from '../../../api/index.ts';
import { Panel } from '../../../components/Panel.tsx';

interface DeviceLoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** The device list to go back to. */
  back: string;
  /** Why a device may be missing on this platform (a 404). */
  missingHint: string;
}

/** DeviceLoadError replaces a detail page whose device did not load: gone (404), or a failure to retry. */
export function DeviceLoadError({ error, onRetry, back, missingHint }: DeviceLoadErrorProps) {
  const missing = isApiError(error) && error.status === 404;
  return (
    <Panel>
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? '设备不存在' : '设备信息加载失败'}
        subTitle={missing ? missingHint : isApiError(error) ? error.message : undefined}
        extra={
          <Flex gap={8} justify="center">
            {!missing && <Button onClick={onRetry}>重试</Button>}
            <Link to={back}>
              <Button type="primary">返回设备列表</Button>
            </Link>
          </Flex>
        }
      />
    </Panel>
  );
}
