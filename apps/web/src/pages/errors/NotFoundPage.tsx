import { Typography } from 'antd';
import { useLocation } from 'react-router';
import { StatusPage } from './StatusPage.tsx';

/** NotFoundPage answers every path no route matches (spec §2: 'Page not found' plus the path). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage status={404} title="页面不存在 (Page not found)">
      <Typography.Paragraph type="secondary">
        <Typography.Text code>{pathname}</Typography.Text>
      </Typography.Paragraph>
    </StatusPage>
  );
}
