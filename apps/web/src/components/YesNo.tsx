import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';

/** YesNo states a check's outcome in words, green with a tick or red with a cross. */
export function YesNo({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  const { token } = theme.useToken();
  return ok ? (
    <span style={{ color: token.colorSuccess }}>
      <CheckCircleFilled /> {yes}
    </span>
  ) : (
    <span style={{ color: token.colorError }}>
      <CloseCircleFilled /> {no}
    </span>
  );
}
