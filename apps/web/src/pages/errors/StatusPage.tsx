import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * StatusPage is the full-page answer for errors and unknown routes: status, message, a way home.
 * Built from plain elements (app/base.css) because it ships in the first download.
 */
export function StatusPage({ status, title, children }: { status: number; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="status-page">
      <div className="status-page-code">{status || '!'}</div>
      <div className="status-page-title">{title}</div>
      {children}
      <Link to="/" className="plain-button plain-button-primary">
        返回首页
      </Link>
    </div>
  );
}
