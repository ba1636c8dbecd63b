import { Perm } from '@lease/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { admin } from '../../../test/fixtures.ts';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { DeviceEditDialogs } from './DetailPageParts.tsx';

const device = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', hirer_name: '李四', for_clerk: null };

function renderEdit(edit: 'hirer' | 'clerk') {
  answerFetch(vi.fn(async () => Response.json([])));
  const Page = () => (
    <DeviceEditDialogs edit={edit} device={device} perms={admin().permission} viewAll={Perm.APPLE_LIST_VIEW_ALL} back="/" onClose={() => {}} />
  );
  renderRoute({ path: '/d', Component: Page }, { at: '/d', user: admin() });
}

// The dialogs' code loads on the first click (their forms are not in the page's first load): each still opens.
describe('DeviceEditDialogs', () => {
  it.each([
    ['hirer', '修改租机人信息'],
    ['clerk', '更换店员'],
  ] as const)('opens the %s dialog once its code has loaded', async (edit, title) => {
    renderEdit(edit);
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
