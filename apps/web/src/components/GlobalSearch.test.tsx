import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { GlobalSearch } from './GlobalSearch.tsx';

// The box searches once it has text: answered here, since no server listens behind the test page.
vi.mock('../api/search.ts', () => ({
  deviceSearchQuery: (q: string) => ({ queryKey: ['search', 'devices', q], queryFn: async () => ({ list: [], more: false }) }),
}));

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GlobalSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('GlobalSearch', () => {
  it("draws a plain stand-in first (the box's code is not in the first load) and hands over what was typed on focus", async () => {
    const view = show();
    const standIn = view.getByRole('searchbox', { name: '搜索设备' });
    expect(view.queryByRole('combobox')).toBeNull();
    fireEvent.change(standIn, { target: { value: '2468' } });
    fireEvent.focus(standIn);
    const box = (await view.findByRole('combobox', { name: '搜索设备' }, { timeout: 5000 })) as HTMLInputElement;
    expect(box.value).toBe('2468');
    expect(view.queryByRole('searchbox', { name: '搜索设备' })).toBeNull();
  });

  it('does not load the box before the clerk reaches for it', async () => {
    const view = show();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.queryByRole('combobox')).toBeNull();
    fireEvent.focus(view.getByRole('searchbox', { name: '搜索设备' }));
    expect(await view.findByRole('combobox', { name: '搜索设备' }, { timeout: 5000 })).toBeTruthy();
  });
});
