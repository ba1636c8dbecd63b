import { PERMISSION_GROUPS } from '@lease/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { admin } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { ClerkDialog } from './ClerkDialog.tsx';
import { NO_PERMISSION_WARNING } from './clerkForm.ts';

async function openNewClerk(defaults: string[]) {
  answerFetch(async (url) =>
    url === '/api/store/clerk/permission'
      ? Response.json({ groups: PERMISSION_GROUPS, employee_default_permission: defaults })
      : new Response('', { status: 404 }),
  );
  renderRoute({ path: '/', Component: () => <ClerkDialog onClose={vi.fn()} /> }, { at: '/', user: admin() });
  await act(async () => {});
  return screen.findByRole('dialog', { name: '新增店员' });
}

const ticked = (dialog: HTMLElement, label: string) => (within(dialog).getAllByLabelText(label)[0] as HTMLInputElement).checked;

describe('ClerkDialog (new clerk)', () => {
  it('ticks the store’s default permissions and warns once none is left ticked', async () => {
    const dialog = await openNewClerk(['Aa2']);
    await within(dialog).findAllByLabelText('登记设备');
    expect(ticked(dialog, '登记设备')).toBe(true);
    expect(ticked(dialog, '查看全部设备')).toBe(false);
    expect(within(dialog).queryByText(NO_PERMISSION_WARNING)).toBeNull();

    fireEvent.click(within(dialog).getAllByLabelText('登记设备')[0]!);
    expect(await within(dialog).findByText(NO_PERMISSION_WARNING)).toBeTruthy();
  });

  it('warns at once when the store has no default permissions', async () => {
    const dialog = await openNewClerk([]);
    expect(await within(dialog).findByText(NO_PERMISSION_WARNING)).toBeTruthy();
  });

  it('has no inner scroll area hiding the permission grid, and points to it from the top', async () => {
    const dialog = await openNewClerk(['Aa2']);
    await within(dialog).findAllByLabelText('登记设备');
    const form = dialog.querySelector('form') as HTMLElement;
    expect(form.style.maxHeight).toBe('');
    expect(form.style.overflowY).toBe('');
    expect(within(dialog).getByText(/↓ 设置权限（已选 1 项）/)).toBeTruthy();
    // Only the dialog body scrolls, so the footer (新增店员) stays on screen.
    expect((dialog.querySelector('.ant-modal-body') as HTMLElement).style.overflowY).toBe('auto');
    expect(within(screen.getByTestId('clerk-permissions')).getAllByRole('checkbox').length).toBeGreaterThan(3);
  });
});
