import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Typography } from './Typography.tsx';

afterEach(() => vi.restoreAllMocks());

/** Copies go through execCommand here: jsdom is not a secure context, as a store's plain-HTTP console is not. */
function spyCopy() {
  const copied: string[] = [];
  document.execCommand = vi.fn(() => {
    copied.push(document.querySelector('textarea')?.value ?? '');
    return true;
  });
  return copied;
}

describe('Typography', () => {
  it("renders antd's markup: element, type and decoration classes, decorations in antd's order", () => {
    const { container } = render(
      <>
        <Typography.Text type="secondary" strong code>
          序列号
        </Typography.Text>
        <Typography.Title level={4}>设备</Typography.Title>
        <Typography.Paragraph type="danger" disabled>
          段落
        </Typography.Paragraph>
      </>,
    );
    const text = container.querySelector('span.ant-typography');
    expect(text?.className).toBe('ant-typography ant-typography-secondary');
    expect(text?.innerHTML).toBe('<code><strong>序列号</strong></code>');
    expect(container.querySelector('h4.ant-typography')?.textContent).toBe('设备');
    expect(container.querySelector('div.ant-typography')?.className).toBe('ant-typography ant-typography-danger ant-typography-disabled');
  });

  it('copies the text shown, or the text given, and says so until the label resets', async () => {
    vi.useFakeTimers();
    const copied = spyCopy();
    render(
      <>
        <Typography.Text copyable>F2LXK0ABCD12</Typography.Text>
        <Typography.Text copyable={{ text: 'secret', tooltips: ['复制密钥', '已复制'] }}>••••</Typography.Text>
      </>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制' })));
    expect(copied).toEqual(['F2LXK0ABCD12']);
    expect(screen.getByRole('button', { name: '复制成功' }).className).toContain('ant-typography-copy-success');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制密钥' })));
    expect(copied).toEqual(['F2LXK0ABCD12', 'secret']);
    expect(screen.getByRole('button', { name: '已复制' })).toBeTruthy();
    // The copy field is gone from the page, and the labels come back.
    expect(document.querySelector('textarea')).toBeNull();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getAllByRole('button', { name: /^复制/ })).toHaveLength(2);
    vi.useRealTimers();
  });

  it('does not say copied when the browser refused the copy, or when there is no text to copy', async () => {
    document.execCommand = vi.fn(() => false);
    render(<Typography.Text copyable>IMEI</Typography.Text>);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '复制' })));
    expect(screen.queryByRole('button', { name: '复制成功' })).toBeNull();
    const copied = spyCopy();
    render(
      <Typography.Text copyable>
        <img alt="二维码" />
      </Typography.Text>,
    );
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: '复制' })[1]));
    expect(copied).toEqual([]);
    expect(screen.queryByRole('button', { name: '复制成功' })).toBeNull();
  });

  it("cuts with the stylesheet's ellipsis: one line, or `rows` lines, with the tooltip as a title", () => {
    const { container } = render(
      <>
        <Typography.Text ellipsis={{ tooltip: '完整名称' }}>名称</Typography.Text>
        <Typography.Paragraph ellipsis={{ rows: 2 }}>很长的说明</Typography.Paragraph>
      </>,
    );
    const one = container.querySelector('span')!;
    expect(one.className).toContain('ant-typography-ellipsis-single-line');
    expect(one.title).toBe('完整名称');
    const two = container.querySelector('div')!;
    expect(two.className).toContain('ant-typography-ellipsis-multiple-line');
  });

  it('opens a new tab without handing it the console (rel) unless the caller says otherwise', () => {
    render(
      <>
        <Typography.Link href="https://example.com" target="_blank">
          外链
        </Typography.Link>
        <Typography.Link href="/x" target="_blank" rel="opener">
          内链
        </Typography.Link>
      </>,
    );
    expect(screen.getByRole('link', { name: '外链' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: '内链' }).getAttribute('rel')).toBe('opener');
  });
});
