import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@lease/shared';
import { Space } from 'antd';
import { PlainTag } from '../components/PlainTag.tsx';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../auth/sessionActions.ts';
import { isAdmin } from '../router/guard.ts';
import './consoleNav.css';

/**
 * UserMenu is the header's clerk name opening 修改密码 and 退出登录. A plain list under the button
 * rather than antd's Dropdown, Popover or Avatar, which would add their chunks to the console's first download.
 */
export function UserMenu({ user }: { user: UserInfo }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => box.current?.contains(e.target as Node) || setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', away);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="account-menu" ref={box}>
      <button type="button" style={{ all: 'unset', cursor: 'pointer' }} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Space>
          <span className="account-menu-avatar" aria-hidden>
            <UserOutlined />
          </span>
          {user.name}
          {isAdmin(user) && <PlainTag color="gold">管理员</PlainTag>}
        </Space>
      </button>
      {open && (
        <ul className="account-menu-list">
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void navigate('/console/security/password');
              }}
            >
              修改密码
            </button>
          </li>
          <li>
            <button type="button" className="account-menu-danger" onClick={() => void logout(navigate)}>
              退出登录
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
