import { Button, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * StatusPage is the full-page answer for errors and unknown routes: status, message, a way home.
 * Built from plain elements because it ships in the first download (antd's Result carries large
 * illustrations).
 */
export function StatusPage({ status, title, children }: { status: number; title: ReactNode; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '64px 16px', textAlign: 'center', fontFamily: token.fontFamily }}>
      <div style={{ fontSize: 72, fontWeight: 600, lineHeight: 1, color: token.colorTextQuaternary }}>{status || '!'}</div>
      <div style={{ fontSize: token.fontSizeHeading4, color: token.colorText }}>{title}</div>
      {children}
      <Link to="/">
        <Button type="primary">返回首页</Button>
      </Link>
    </Flex>
  );
}
