import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useIsPhone } from '../lib/useIsPhone.ts';
import { IconButton } from './IconButton.tsx';
import { Overlay } from './Overlay.tsx';

// The box (antd AutoComplete and Input, ~25 KB) is in no page's load: it comes when the clerk reaches for the
// stand-in (pointer over it, or focus). Loading it anyway once the page had settled cost every phone 25 KB and a
// ~190 ms task (under Lighthouse's 4× CPU slowdown) that most visits never used.
const loadBox = () => import('./DeviceSearchBox.tsx');
type Box = Awaited<ReturnType<typeof loadBox>>['default'];

const PLACEHOLDER = '搜索设备：手机号后 4 位、租机人、序列号、IMEI';
const BOX_WIDTH = 300;

/**
 * DeferredBox is the search box, drawn as a plain input until the clerk reaches for it. The stand-in stays, focused
 * and taking keys, while the box's code downloads; the box then takes over what was typed and the focus.
 */
function DeferredBox({ width, autoFocus, onDone }: { width: number | string; autoFocus?: boolean; onDone?: () => void }) {
  const [wanted, setWanted] = useState(Boolean(autoFocus));
  const [RealBox, setRealBox] = useState<Box | null>(null);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(Boolean(autoFocus));
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadBox().then((m) => live && setRealBox(() => m.default));
    return () => {
      live = false;
    };
  }, [wanted]);
  // The box takes the focus only from a stand-in that still has it.
  if (RealBox) return <RealBox width={width} autoFocus={focused} initialText={typed} onDone={onDone} />;
  return (
    <input
      type="search"
      aria-label="搜索设备"
      placeholder={PLACEHOLDER}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onPointerEnter={() => void loadBox()}
      onFocus={() => {
        setWanted(true);
        setFocused(true);
      }}
      onBlur={() => setFocused(false)}
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
