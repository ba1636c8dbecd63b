import { render, screen } from '@testing-library/react';
import { Button, Table } from 'antd';
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
