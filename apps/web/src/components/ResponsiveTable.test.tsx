import { fireEvent, render, screen, within } from '@testing-library/react';
import { Button, type TableColumnType } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardParts, columnKey } from './CardList.tsx';
import { ResponsiveTable, rowKeyOf } from './ResponsiveTable.tsx';

// The layout follows the screen: the test says which one.
const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

interface Row {
  id: string;
  name: string;
  phone: string;
  note: string;
}

const ROWS: Row[] = [
  { id: 'a', name: '王店员', phone: '13700001111', note: '' },
  { id: 'b', name: '李店员', phone: '13700002222', note: '夜班' },
];

const edit = vi.fn();
const columns: TableColumnType<Row>[] = [
  { title: '姓名', dataIndex: 'name' },
  { title: '手机号', dataIndex: 'phone' },
  { title: '备注', key: 'note', render: (_, r) => r.note || '—' },
  {
    title: '操作',
    key: 'actions',
    render: (_, r) =>
      r.note ? (
        <Button type="link" onClick={() => edit(r.id)}>
          编辑
        </Button>
      ) : null,
  },
];

const onPage = vi.fn();
const renderList = (rows: Row[] = ROWS) =>
  render(
    <ResponsiveTable<Row>
      rowKey="id"
      label="店员列表"
      card={{ title: 'name', actions: 'actions' }}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: '暂无店员' }}
      pagination={{ current: 1, pageSize: 2, total: 5, onChange: onPage }}
    />,
  );

afterEach(() => {
  screenSize.phone = false;
  vi.clearAllMocks();
});

describe('cardParts', () => {
  it('finds columns by key or dataIndex and, unless told, makes every other column a fact', () => {
    expect(columns.map(columnKey)).toEqual(['name', 'phone', 'note', 'actions']);
    const parts = cardParts(columns, { title: 'name', actions: 'actions' });
    expect(parts.title?.title).toBe('姓名');
    expect(parts.actions?.title).toBe('操作');
    expect(parts.facts.map((c) => c.title)).toEqual(['手机号', '备注']);
    // Listed facts keep the listed order; unknown keys are skipped.
    expect(cardParts(columns, { facts: ['note', 'nope', 'phone'] }).facts.map(columnKey)).toEqual(['note', 'phone']);
  });

  it('reads a row key from a field name or a function', () => {
    expect(rowKeyOf<Row>('id')(ROWS[1], 1)).toBe('b');
    expect(rowKeyOf<Row>((r) => `${r.name}-${r.phone}`)(ROWS[0], 0)).toBe('王店员-13700001111');
  });
});

describe('ResponsiveTable', () => {
  it('is a table on a desktop', () => {
    renderList();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['姓名', '手机号', '备注', '操作']);
    expect(screen.getByText('13700002222').closest('tr')).toBeTruthy();
    expect(screen.queryByRole('list', { name: '店员列表' })).toBeNull();
  });

  it('is one card per row on a phone: the title column on top, the others as labelled facts, the actions as a footer', () => {
    screenSize.phone = true;
    renderList();
    expect(document.querySelector('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: '店员列表' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0].textContent).toBe('王店员手机号13700001111备注—');
    const facts = [...cards[1].querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['手机号=13700002222', '备注=夜班']);
    // A row whose action cell is empty gets no footer; the other's button works as in the table.
    expect(within(cards[0]).queryByRole('button')).toBeNull();
    fireEvent.click(within(cards[1]).getByRole('button', { name: /编\s*辑/ }));
    expect(edit).toHaveBeenCalledWith('b');
    // A pager of its own, a page at a time: page 2 of 3.
    expect(screen.getByRole('navigation', { name: '翻页' }).textContent).toContain('第 1 / 3 页');
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onPage).toHaveBeenCalledWith(2, 2);
  });

  it("says the table's empty text on a phone", () => {
    screenSize.phone = true;
    renderList([]);
    expect(screen.getByText('暂无店员')).toBeTruthy();
  });
});
