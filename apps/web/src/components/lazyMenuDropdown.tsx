import { cloneElement, lazy, type ReactElement, Suspense, useState } from 'react';
import { loadChunk } from '../app/chunkReload.ts';
import type { MenuDropdownProps } from './MenuDropdown.tsx';

const MenuDropdown = lazy(() => loadChunk(() => import('./MenuDropdown.tsx')).then((m) => ({ default: m.MenuDropdown })));

/**
 * LazyMenuDropdown is MenuDropdown with its code loaded when it is first drawn: a detail page's header menus are a
 * desktop's, and a phone's first load no longer carries antd's menu for them. Its button shows meanwhile, and a
 * click on it then is not lost: the menu opens as soon as its code has come.
 */
export function LazyMenuDropdown({ children, ...props }: Omit<MenuDropdownProps, 'openAtOnce'>) {
  const [clicked, setClicked] = useState(false);
  return (
    <Suspense fallback={cloneElement(children as ReactElement<{ onClick?: () => void }>, { onClick: () => setClicked(true) })}>
      <MenuDropdown {...props} openAtOnce={clicked}>
        {children}
      </MenuDropdown>
    </Suspense>
  );
}
