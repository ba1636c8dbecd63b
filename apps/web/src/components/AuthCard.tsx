import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { DEFAULT_FAVICON, siteFaviconUrl } from '../app/siteConfig.ts';
import { useSiteConfig } from '../app/useSiteConfig.ts';
import { Panel } from './Panel.tsx';

/** AuthCard frames the pages used before login: the site logo (unless hidden) and title above a panel. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const site = useSiteConfig();
  const { token } = theme.useToken();
  const logo = site.loaded ? siteFaviconUrl(window.location.hostname, Date.now()) : DEFAULT_FAVICON;
  return (
    <Flex vertical align="center" gap={24} style={{ maxWidth: 420, margin: '0 auto' }}>
      <Flex vertical align="center" gap={12}>
        {!site.hideLoginPageLogo && <img src={logo} alt="" width={56} height={56} />}
        <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorTextHeading }}>{site.title}</h1>
      </Flex>
      <Panel title={title} style={{ width: '100%' }}>
        {children}
      </Panel>
    </Flex>
  );
}
