import { useLocation } from 'react-router';
import { StatusPage } from './StatusPage.tsx';

/** NotFoundPage answers every path no route matches (spec §2: 404 "Page not found" plus the path, in Chinese: 页面不存在). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage status={404} title="页面不存在">
      <code className="status-page-path">{pathname}</code>
    </StatusPage>
  );
}
