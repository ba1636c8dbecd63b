import useTabsStyle from 'antd/es/tabs/style';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './plainTabs.css';

export interface PlainTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

const PREFIX = 'ant-tabs';

/**
 * PlainTabs is antd's Tabs markup and stylesheet (through antd's own style hook, so its variables and rules are
 * antd's) without rc-tabs. rc-tabs measures its tab bar on every render (a forced layout of the whole new page, then a
 * second render) and brings its overflow menu (rc-menu, rc-dropdown, the popup engine: ~24 KB brotli). Here the bar
 * scrolls sideways when it is wider than the screen, the active tab is underlined by the stylesheet, and arrow keys,
 * Home and End move between tabs. As antd's, a panel renders when first opened and stays (hidden) after.
 */
export function PlainTabs({
  items,
  activeKey,
  onChange,
  style,
}: {
  items: PlainTab[];
  activeKey: string;
  onChange: (key: string) => void;
  style?: CSSProperties;
}) {
  const rootCls = `${PREFIX}-css-var`;
  const [hashId, cssVarCls] = useTabsStyle(PREFIX, rootCls);
  const id = useId();
  const [opened, setOpened] = useState(() => new Set([activeKey]));
  if (!opened.has(activeKey)) setOpened(new Set(opened).add(activeKey));
  const list = useRef<HTMLDivElement>(null);
  // The active tab in view within the bar (a phone's bar scrolls; a link may open the last tab). Only the bar
  // scrolls, never the page, and after paint: the first tab needs nothing, so a first load measures nothing.
  const first = items[0]?.key;
  useEffect(() => {
    const wrap = list.current?.parentElement;
    const tab = list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.parentElement;
    if (!wrap || !tab || (activeKey === first && wrap.scrollLeft === 0)) return;
    const left = tab.offsetLeft;
    const right = left + tab.offsetWidth;
    if (left < wrap.scrollLeft) wrap.scrollLeft = left;
    else if (right > wrap.scrollLeft + wrap.clientWidth) wrap.scrollLeft = right - wrap.clientWidth;
  }, [activeKey, first]);

  const move = (e: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = items[(to + items.length) % items.length];
    onChange(next.key);
    list.current?.querySelector<HTMLElement>(`[data-node-key="${CSS.escape(next.key)}"] [role="tab"]`)?.focus();
  };
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;

  return (
    <div className={`${PREFIX} ${PREFIX}-top plain-tabs ${hashId} ${cssVarCls} ${rootCls}`} style={style}>
      <div className={`${PREFIX}-nav`}>
        <div className={`${PREFIX}-nav-wrap`}>
          <div className={`${PREFIX}-nav-list`} role="tablist" aria-orientation="horizontal" ref={list}>
            {items.map((t, index) => {
              const active = t.key === activeKey;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the tab's padding is part of what a finger taps, as in antd; its keys are handled by the role="tab" element inside.
                <div
                  key={t.key}
                  data-node-key={t.key}
                  className={active ? `${PREFIX}-tab ${PREFIX}-tab-active` : `${PREFIX}-tab`}
                  onClick={() => onChange(t.key)}
                >
                  <div
                    role="tab"
                    id={tabId(t.key)}
                    aria-selected={active}
                    aria-controls={panelId(t.key)}
                    tabIndex={active ? 0 : -1}
                    className={`${PREFIX}-tab-btn`}
                    onKeyDown={(e) => move(e, index)}
                  >
                    {t.label}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div className={`${PREFIX}-content-holder`}>
        <div className={`${PREFIX}-content ${PREFIX}-content-top`}>
          {items
            .filter((t) => opened.has(t.key))
            .map((t) => (
              <div
                key={t.key}
                role="tabpanel"
                id={panelId(t.key)}
                aria-labelledby={tabId(t.key)}
                hidden={t.key !== activeKey}
                aria-hidden={t.key !== activeKey}
                className={t.key === activeKey ? `${PREFIX}-tabpane ${PREFIX}-tabpane-active` : `${PREFIX}-tabpane ${PREFIX}-tabpane-hidden`}
              >
                {t.children}
              </div>
            ))}
        </div>
      </div>
    </div>
  );
}
