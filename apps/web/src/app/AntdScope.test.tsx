import { act, render, screen, within } from '@testing-library/react';
import { Button, Modal, Table } from 'antd';
import { expect, it } from 'vitest';
import AntdScope from './AntdScope.tsx';

// zeroRuntime: antd's styles come from the prebuilt stylesheet, not computed and injected as each component first
// renders (that work was about a quarter of the main thread on a device list). Only the token variables are injected.
it('renders antd components without generating their styles at run time', () => {
  render(
    <AntdScope>
      <Button type="primary">锁定</Button>
      <Table rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} dataSource={[{ id: 1, name: 'iPhone 13' }]} />
    </AntdScope>,
  );
  expect(screen.getByText('iPhone 13')).toBeTruthy();
  const injected = [...document.head.querySelectorAll('style')].map((s) => s.textContent ?? '');
  // Component rules (the primary button's colours, the table head) are not generated; their token variables are.
  expect(injected.filter((css) => /\.ant-btn-primary|\.ant-table-thead/.test(css))).toEqual([]);
  expect(injected.some((css) => css.includes('--ant-color-primary:#0958d9'))).toBe(true);
});

// antd draws Modal.confirm and its static message outside the React tree: without AntdScope's holder they missed the
// console's theme (antd's lighter default blue, under the contrast the console keeps) and its zeroRuntime, and so
// asked for the runtime rules the build leaves out (vite/antd-style-functions.ts).
it('draws a static confirm inside the console’s theme', async () => {
  render(<AntdScope>页面</AntdScope>);
  const injectedBefore = document.head.querySelectorAll('style').length;
  act(() => {
    Modal.confirm({ title: '停用门店', content: '停用后该门店所有店员立即被登出', okText: '停用' });
  });
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  const injected = [...document.head.querySelectorAll('style')].slice(injectedBefore).map((s) => s.textContent ?? '');
  expect(injected.filter((css) => /\.ant-modal/.test(css))).toEqual([]);
  // The dialog's token scope (the css-var class antd puts on its root) carries the console's primary, not #1677ff.
  const scope = dialog.closest('[class*="css-var-"]')?.className.match(/css-var-[\w-]+/)?.[0];
  const variables = [...document.head.querySelectorAll('style')].map((s) => s.textContent ?? '').find((css) => css.startsWith(`.${scope}{`));
  expect(variables).toContain('--ant-color-primary:#0958d9');
  act(() => Modal.destroyAll());
});
