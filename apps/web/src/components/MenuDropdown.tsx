import { Dropdown, type MenuProps } from 'antd';
import { type ReactElement, useState } from 'react';

export interface MenuDropdownProps {
  items: MenuProps['items'];
  onClick: (key: string) => void;
  /** The button that opens the menu. */
  children: ReactElement;
  /** Opens at once: the button was clicked before this code had come (lazyMenuDropdown.tsx). */
  openAtOnce?: boolean;
}

/** MenuDropdown is a click-opened menu under its button (antd's Dropdown and Menu, ~15 KB brotli with their styles). */
export function MenuDropdown({ items, onClick, children, openAtOnce = false }: MenuDropdownProps) {
  const [open, setOpen] = useState(openAtOnce);
  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={{ items, onClick: ({ key }) => onClick(key) }}>
      {children}
    </Dropdown>
  );
}
