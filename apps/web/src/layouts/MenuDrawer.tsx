import { CloseOutlined } from '@ant-design/icons';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Overlay } from '../components/Overlay.tsx';

/**
 * MenuDrawer is the phone's menu: a panel sliding over the page from the left. Plain elements rather
 * than antd's Drawer, which would add its own chunk to the console's first download.
 */
export function MenuDrawer({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  // Choosing an entry navigates: the drawer gets out of the way of the page it opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only; onClose is a new function every render
  useEffect(() => onClose(), [pathname]);
  if (!open) return null;
  return (
    <Overlay onClose={onClose}>
      <nav
        aria-label="控制台菜单"
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 0,
          width: 'min(280px, 85vw)',
          background: '#fff',
          overflowY: 'auto',
          boxShadow: '6px 0 16px rgba(0,0,0,0.08)',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '12px 8px 12px 16px', fontWeight: 600, fontSize: 16 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
          <button
            type="button"
            aria-label="关闭菜单"
            onClick={onClose}
            style={{ width: 44, height: 44, border: 0, background: 'none', cursor: 'pointer', fontSize: 16 }}
          >
            <CloseOutlined />
          </button>
        </div>
        {children}
      </nav>
    </Overlay>
  );
}
