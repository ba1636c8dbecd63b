import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainTabs } from './PlainTabs.tsx';

function Counted({ name }: { name: string }) {
  return <p>{name}内容</p>;
}

function Detail({ first = 'facts' }: { first?: string }) {
  const [tab, setTab] = useState(first);
  return (
    <PlainTabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'facts', label: '设备信息', children: <Counted name="设备信息" /> },
        { key: 'log', label: '操作记录', children: <Counted name="操作记录" /> },
        { key: 'location', label: '定位', children: <Counted name="定位" /> },
      ]}
    />
  );
}

describe('PlainTabs', () => {
  it("shows the active tab's panel, opens others on a click and keeps the opened ones mounted but hidden", () => {
    render(<Detail />);
    expect(screen.getByRole('tab', { name: '设备信息' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('设备信息内容');
    // A panel not yet opened is not rendered at all.
    expect(screen.queryByText('定位内容')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '定位' }));
    expect(screen.getByRole('tab', { name: '定位' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('定位内容');
    const facts = screen.getByText('设备信息内容').parentElement!;
    expect(facts.hidden).toBe(true);
    expect(facts.className).toContain('ant-tabs-tabpane-hidden');
    expect(screen.queryByText('操作记录内容')).toBeNull();
  });

  it('moves between tabs with the arrow keys, Home and End, the focus following, round the ends', () => {
    render(<Detail first="log" />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('操作记录').tabIndex).toBe(0);
    expect(tab('设备信息').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('操作记录'), { key: 'ArrowRight' });
    expect(tab('定位').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('定位'));
    fireEvent.keyDown(tab('定位'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('设备信息'));
    fireEvent.keyDown(tab('设备信息'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('定位'));
    fireEvent.keyDown(tab('定位'), { key: 'Home' });
    expect(tab('设备信息').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('设备信息'), { key: 'End' });
    expect(tab('定位').getAttribute('aria-selected')).toBe('true');
    // Tab and panel name each other.
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('定位').id);
    expect(tab('定位').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });
});
