import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';

// The box (antd AutoComplete) loads after the frame: the console's first download stays within its budget.
const DeviceSearchBox = lazy(() => import('./DeviceSearchBox.tsx'));

const BOX_WIDTH = 300;

/** Placeholder of the box's size while it loads, so nothing in the header moves. */
const Holder = ({ width }: { width: number | string }) => <div style={{ width, height: 32 }} aria-hidden="true" />;

const iconButton = {
  width: 44,
  height: 44,
  border: 0,
  background: 'none',
  fontSize: 18,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** PhoneSearch is the header's search icon on a phone, opening the box across the whole width above the page. */
function PhoneSearch() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button type="button" aria-label="搜索设备" onClick={() => setOpen(true)} style={iconButton}>
        <SearchOutlined />
      </button>
      {open && (
        <div style={{ position: 'fixed', inset: 0, zIndex: 1000 }}>
          <div onClick={() => setOpen(false)} aria-hidden="true" style={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,0.45)' }} />
          <search
            aria-label="搜索设备面板"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              display: 'flex',
              alignItems: 'center',
              gap: 4,
              padding: 8,
              background: '#fff',
              lineHeight: 'normal',
            }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <Suspense fallback={<Holder width="100%" />}>
                <DeviceSearchBox autoFocus onDone={() => setOpen(false)} />
              </Suspense>
            </div>
            <button type="button" aria-label="关闭搜索" onClick={() => setOpen(false)} style={iconButton}>
              <CloseOutlined />
            </button>
          </search>
        </div>
      )}
    </>
  );
}

/**
 * GlobalSearch finds a phone of either platform from anywhere in the console. `header`: a box on a wide screen, an
 * icon opening a full-width box on a phone. `home`: the box at the top of the phone's home page (nothing on a wide
 * screen, where the header has it).
 */
export function GlobalSearch({ placement = 'header' }: { placement?: 'header' | 'home' }) {
  const phone = useIsPhone();
  if (placement === 'home') {
    if (!phone) return null;
    return (
      <search>
        <Suspense fallback={<Holder width="100%" />}>
          <DeviceSearchBox />
        </Suspense>
      </search>
    );
  }
  if (phone) return <PhoneSearch />;
  return (
    // The header's 64 px line height would stretch the input to the bar's height.
    <search style={{ lineHeight: 'normal' }}>
      <Suspense fallback={<Holder width={BOX_WIDTH} />}>
        <DeviceSearchBox width={BOX_WIDTH} />
      </Suspense>
    </search>
  );
}
