import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RemarkEditor } from './RemarkEditor.tsx';

const ID = '7e66bf69-36e6-48a6-bbaa-5615445baaf7';

async function openEditor(remark: string) {
  const save = vi.fn(async () => undefined);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RemarkEditor deviceId={ID} remark={remark} save={save} root={['ios']} />
    </QueryClientProvider>,
  );
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '修改备注' })));
  const box = await screen.findByRole('textbox');
  return { save, box };
}

function press(box: HTMLElement, keyCode: number) {
  fireEvent.keyDown(box, { keyCode });
  fireEvent.keyUp(box, { keyCode });
}

describe('RemarkEditor', () => {
  it('shows the remark with an edit button; Enter saves the trimmed text and closes the editor', async () => {
    const { save, box } = await openEditor('旧备注');
    fireEvent.change(box, { target: { value: '  张三 分期 12 期  ' } });
    await act(async () => press(box, 13));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(ID, '张三 分期 12 期');
    expect(screen.queryByRole('textbox')).toBeNull();
    // The keyboard is back on the edit button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '修改备注' }));
  });

  it('Esc closes without saving, and so does a save of the same text', async () => {
    const first = await openEditor('旧备注');
    fireEvent.change(first.box, { target: { value: '新备注' } });
    await act(async () => press(first.box, 27));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(first.save).not.toHaveBeenCalled();
    document.body.innerHTML = '';
    const second = await openEditor('旧备注');
    await act(async () => press(second.box, 13));
    expect(second.save).not.toHaveBeenCalled();
  });

  it('says 无备注 when there is none', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RemarkEditor deviceId={ID} remark="" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('无备注').className).toContain('ant-typography-secondary');
  });
});
