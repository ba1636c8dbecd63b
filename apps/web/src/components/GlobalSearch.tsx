import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';
import { IconButton } from './IconButton.tsx';
import { Overlay } from './Overlay.tsx';

// The box (antd AutoComplete and Input, ~28 KB) is not part of any page's first load: it comes when the clerk
// reaches for it, or shortly after the page has loaded.
const loadBox = () => import('./DeviceSearchBox.tsx');
const DeviceSearchBox = lazy(loadBox);

const BOX_WIDTH = 300;
const PLACEHOLDER = '搜索设备：手机号后 4 位、租机人、序列号、IMEI';
/** After the page's load event, the box's code is fetched anyway once this long has passed. */
const LOAD_AFTER_MS = 1500;

/** Placeholder of the box's size while it loads, so nothing in the header moves. */
const Holder = ({ width }: { width: number | string }) => <div style={{ width, height: 32 }} aria-hidden="true" />;

/** useSoonAfterLoad turns true LOAD_AFTER_MS after the window's load event (at once for `now`). */
function useSoonAfterLoad(now: boolean) {
  const [soon, setSoon] = useState(now);
  useEffect(() => {
    if (soon) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => setSoon(true), LOAD_AFTER_MS);
    };
    if (document.readyState === 'complete') arm();
    else window.addEventListener('load', arm, { once: true });
    return () => {
      window.removeEventListener('load', arm);
      clearTimeout(timer);
    };
  }, [soon]);
  return soon;
}

/**
 * DeferredBox is the search box, drawn as a plain input until its code is wanted: the clerk focusing it (what they
 * typed meanwhile is kept, and the real box takes the focus) or the page having settled.
 */
function DeferredBox({ width, autoFocus, onDone }: { width: number | string; autoFocus?: boolean; onDone?: () => void }) {
  const [reached, setReached] = useState(false);
  const [typed, setTyped] = useState('');
  const ready = useSoonAfterLoad(Boolean(autoFocus));
  if (!ready && !reached)
    return (
      <input
        type="search"
        aria-label="搜索设备（加载中）"
        placeholder={PLACEHOLDER}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onPointerEnter={() => void loadBox()}
        onFocus={() => setReached(true)}
        style={{
          width,
          height: 32,
          boxSizing: 'border-box',
          padding: '4px 11px',
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          fontSize: 14,
          font: 'inherit',
          background: '#fff',
        }}
      />
    );
  return (
    <Suspense fallback={<Holder width={width} />}>
      <DeviceSearchBox width={width} autoFocus={autoFocus || reached} initialText={typed} onDone={onDone} />
    </Suspense>
  );
}

/** PhoneSearch is the header's search icon on a phone, opening the box across the whole width above the page. */
function PhoneSearch() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <IconButton label="搜索设备" onClick={() => setOpen(true)}>
        <SearchOutlined />
      </IconButton>
      {open && (
        <Overlay onClose={close}>
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
              <DeferredBox width="100%" autoFocus onDone={close} />
            </div>
            <IconButton label="关闭搜索" onClick={close}>
              <CloseOutlined />
            </IconButton>
          </search>
        </Overlay>
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
        <DeferredBox width="100%" />
      </search>
    );
  }
  if (phone) return <PhoneSearch />;
  return (
    // The header's 64 px line height would stretch the input to the bar's height.
    <search style={{ lineHeight: 'normal' }}>
      <DeferredBox width={BOX_WIDTH} />
    </search>
  );
}
