import type { ReactNode } from 'react';
import { DEFAULT_FAVICON, siteFaviconUrl } from '../app/siteConfig.ts';
import { useSiteConfig } from '../app/useSiteConfig.ts';

/**
 * AuthCard frames the pages used before login: the site logo (unless hidden) and title above a panel.
 * Plain elements (app/base.css): the login page renders it before any antd is loaded.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const site = useSiteConfig();
  const logo = site.loaded ? siteFaviconUrl(window.location.hostname, Date.now()) : DEFAULT_FAVICON;
  return (
    <div className="auth-card">
      <div className="auth-card-brand">
        {!site.hideLoginPageLogo && <img src={logo} alt="" width={56} height={56} />}
        <h1 className="auth-card-title">{site.title}</h1>
      </div>
      <section className="auth-card-panel">
        <h2>{title}</h2>
        <div className="auth-card-body">{children}</div>
      </section>
    </div>
  );
}
