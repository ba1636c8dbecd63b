import type { ReactNode } from 'react';

/**
 * IconButton is a bare icon with a 44 px touch target, for the phone's header and panels. A plain button rather
 * than antd's, which would add its chunk to the console's first download.
 */
export function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      style={{
        width: 44,
        height: 44,
        border: 0,
        background: 'none',
        fontSize: 18,
        cursor: 'pointer',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {children}
    </button>
  );
}
