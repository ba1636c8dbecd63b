import { theme } from 'antd';
import { Link } from 'react-router';
import { grouped } from '@lease/shared/money';
import { useIsPhone } from '../../lib/useIsPhone.ts';
import type { StatCard } from './homeFigures.ts';

/**
 * StatCards shows the headline figures; a card that summarises a list opens it. Plain markup on purpose:
 * antd's Statistic and grid would add 5 KB gzip to the console's first load for the same look.
 */
export function StatCards({ cards }: { cards: StatCard[] }) {
  const { token } = theme.useToken();
  // Two to a row on a phone, so the figures leave room for the search box and 常用入口 on the first screen.
  const phone = useIsPhone();
  const color = (tone: StatCard['tone'], value: number | null) =>
    value === null
      ? token.colorTextTertiary
      : !value
        ? token.colorTextHeading
        : tone === 'danger'
          ? token.colorError
          : tone === 'warning'
            ? token.colorWarning
            : token.colorTextHeading;

  return (
    <div style={{ display: 'grid', gap: phone ? 12 : 16, gridTemplateColumns: phone ? 'repeat(2, minmax(0, 1fr))' : 'repeat(auto-fit, minmax(190px, 1fr))' }}>
      {cards.map((c) => {
        const body = (
          // biome-ignore lint/correctness/useJsxKeyInIterable: the key is on the Link or div that wraps this body
          <section
            data-testid={`stat-${c.key}`}
            style={{
              background: token.colorBgContainer,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              padding: phone ? '10px 12px' : '16px 20px',
              height: '100%',
            }}
          >
            <div style={{ color: token.colorTextSecondary, fontSize: token.fontSize }}>{c.title}</div>
            <div
              style={{
                margin: phone ? '2px 0' : '4px 0',
                color: color(c.tone, c.value),
                fontSize: c.value === null ? 20 : phone ? 24 : 28,
                lineHeight: phone ? '32px' : '38px',
                fontWeight: 500,
              }}
            >
              {c.value === null ? '未开通' : grouped(c.value)}
              {c.value !== null && <span style={{ marginLeft: 4, fontSize: token.fontSize, fontWeight: 400 }}>台</span>}
            </div>
            <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{c.hint}</div>
          </section>
        );
        return c.to ? (
          <Link key={c.key} to={c.to} style={{ display: 'block', color: 'inherit' }}>
            {body}
          </Link>
        ) : (
          <div key={c.key}>{body}</div>
        );
      })}
    </div>
  );
}
