import { type ReactNode, useEffect } from 'react';

/**
 * Overlay lays a panel over the whole page on a phone, above a dimmed backdrop; a click on the backdrop or Escape
 * calls onClose. Plain elements rather than antd's Drawer or Modal, which would add their chunk to the first download.
 */
export function Overlay({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 1000 }}>
      {/* The backdrop is for the pointer only: Escape and the panel's close button are the keyboard's way out. */}
      <div onClick={onClose} aria-hidden="true" style={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,0.45)' }} />
      {children}
    </div>
  );
}
