import { theme } from 'antd';
import { useLocation } from 'react-router';
import { StatusPage } from './StatusPage.tsx';

/** NotFoundPage answers every path no route matches (spec §2: 'Page not found' plus the path). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  return (
    <StatusPage status={404} title="页面不存在 (Page not found)">
      <code style={{ color: token.colorTextSecondary, background: token.colorFillTertiary, padding: '2px 8px', borderRadius: 4 }}>
        {pathname}
      </code>
    </StatusPage>
  );
}
