import { SearchOutlined } from '@ant-design/icons';
import { type DeviceSearchItem, deviceSearchQuery as searchSchema, lockStatusLabel } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Spin, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { deviceSearchQuery } from '../api/search.ts';
import { PlainTag } from './PlainTag.tsx';

const DEBOUNCE_MS = 250;
const PLATFORM_LABEL = { ios: 'Apple', android: 'Android' } as const;
const MATCHED_LABEL: Record<DeviceSearchItem['matched'], string> = { phone: '手机号', name: '租机人', serial: '序列号', imei: 'IMEI', remark: '备注' };

/** devicePath is the phone's page (routeTable: /console/device/ios/:id, /console/device/android/:id). */
export const devicePath = (d: Pick<DeviceSearchItem, 'platform' | 'id'>) => `/console/device/${d.platform}/${d.id}`;

/** useDebounced follows `value` once it has stood still for `ms`. */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function ResultRow({ d }: { d: DeviceSearchItem }) {
  const { token } = theme.useToken();
  const muted = { color: token.colorTextSecondary, fontSize: 12 };
  const id = d.serial_number || d.imei;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2, padding: '2px 0', whiteSpace: 'normal' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
        <PlainTag color={d.platform === 'ios' ? 'blue' : undefined}>{PLATFORM_LABEL[d.platform]}</PlainTag>
        <strong>{d.hirer_name || '未填写租机人'}</strong>
        {d.hirer_phone_number && <span>{d.hirer_phone_number}</span>}
        <PlainTag color={d.lock_status === 0 ? undefined : 'gold'}>{lockStatusLabel[d.lock_status] ?? '未知'}</PlainTag>
      </div>
      <div style={muted}>
        {[d.model_name, id && `${d.serial_number ? '序列号' : 'IMEI'} ${id}`, d.matched === 'remark' ? `备注：${d.remark}` : `匹配${MATCHED_LABEL[d.matched]}`]
          .filter(Boolean)
          .join(' · ')}
      </div>
    </div>
  );
}

export interface DeviceSearchBoxProps {
  /** Focus the box when it appears (the phone's search panel). */
  autoFocus?: boolean;
  /** After a phone is chosen (the phone's panel closes). */
  onDone?: () => void;
  width?: number | string;
  /** What the clerk typed into the stand-in before the box loaded. */
  initialText?: string;
}

/**
 * DeviceSearchBox finds a phone of either platform as the clerk types (hirer phone's last 4+ digits, name, serial,
 * IMEI, remark) and opens it: ↑/↓ move through the results, Enter opens the highlighted one, Esc closes the list.
 */
export default function DeviceSearchBox({ autoFocus, onDone, width = '100%', initialText = '' }: DeviceSearchBoxProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  // Taking over from the stand-in mid-word: the caret goes after what was typed, not before it.
  useEffect(() => {
    const input = document.activeElement;
    if (autoFocus && initialText && input instanceof HTMLInputElement) input.setSelectionRange(initialText.length, initialText.length);
  }, [autoFocus, initialText]);
  const settled = useDebounced(text, DEBOUNCE_MS);
  const parsed = searchSchema.safeParse({ q: settled });
  const typed = text.trim().length > 0;
  // Below 2 characters the box waits quietly; other refusals (2-3 digits) are shown as the hint they are.
  const hint = typed && settled.trim().length >= 2 && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const q = parsed.success ? parsed.data.q : '';
  const search = useQuery({ ...deviceSearchQuery(q), enabled: q !== '' });
  const waiting = q !== '' && (search.isFetching || text !== settled);
  const list = q !== '' && !waiting ? (search.data?.list ?? []) : [];

  const notFound = !typed ? null : waiting ? (
    <span>
      <Spin size="small" /> 搜索中…
    </span>
  ) : hint ? (
    hint
  ) : search.isError ? (
    '搜索失败，请稍后重试'
  ) : q !== '' && search.data ? (
    '未找到匹配的设备'
  ) : (
    '输入手机号后 4 位、租机人姓名、序列号或 IMEI'
  );

  const open = (value: string) => {
    const [platform, id] = value.split(':');
    if (platform !== 'ios' && platform !== 'android') return;
    setText('');
    onDone?.();
    void navigate(devicePath({ platform, id }));
  };

  return (
    <AutoComplete
      value={text}
      onChange={(v: string) => setText(v ?? '')}
      onSelect={open}
      options={list.map((d) => ({ value: `${d.platform}:${d.id}`, label: <ResultRow d={d} /> }))}
      notFoundContent={notFound}
      defaultActiveFirstOption
      // The server filters; the box never drops what it answered.
      filterOption={false}
      popupMatchSelectWidth={typeof width === 'number' ? Math.max(width, 360) : true}
      popupRender={(menu) => (
        <>
          {menu}
          {search.data?.more && !waiting && list.length > 0 && (
            <div style={{ padding: '6px 12px', fontSize: 12, opacity: 0.65 }}>仅显示前 10 台，输入更多内容可缩小范围</div>
          )}
        </>
      )}
      style={{ width }}
    >
      <Input
        allowClear
        autoFocus={autoFocus}
        prefix={<SearchOutlined />}
        placeholder="搜索设备：手机号后 4 位、租机人、序列号、IMEI"
        aria-label="搜索设备"
        maxLength={64}
        // The value is the option's key (platform:id), never shown: the input keeps what the clerk typed.
        onKeyDown={(e) => e.key === 'Escape' && (e.currentTarget as HTMLInputElement).blur()}
      />
    </AutoComplete>
  );
}
