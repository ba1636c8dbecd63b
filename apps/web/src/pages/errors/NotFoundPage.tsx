import { useLocation } from 'react-router';
import { StatusPage } from './StatusPage.tsx';

/** NotFoundPage answers every path no route matches (spec §2: 'Page not found' plus the path). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage status={404} title="页面不存在 (Page not found)">
      <code className="status-page-path">{pathname}</code>
    </StatusPage>
  );
}
