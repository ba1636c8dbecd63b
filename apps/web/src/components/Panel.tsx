import { Flex, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';

interface PanelProps {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}

/**
 * Panel is the console's content box: a card with a title row. antd's Card would do, but it imports
 * Tabs for its tab list, a cost every route would pay in its first download (spec: ≤ 250 KB gzip).
 */
export function Panel({ title, extra, children, style }: PanelProps) {
  const { token } = theme.useToken();
  // A phone has no width to spare: half the padding.
  const pad = useIsPhone() ? 12 : 24;
  const hasHeader = title !== undefined || extra !== undefined;
  return (
    <section
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        ...style,
      }}
    >
      {hasHeader && (
        <Flex
          align="center"
          justify="space-between"
          gap={16}
          wrap
          style={{ padding: `16px ${pad}px`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <h2 style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600, color: token.colorTextHeading }}>{title}</h2>
          {extra}
        </Flex>
      )}
      <div style={{ padding: pad }}>{children}</div>
    </section>
  );
}
