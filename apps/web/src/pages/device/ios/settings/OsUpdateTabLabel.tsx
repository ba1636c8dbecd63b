import { Tag } from 'antd';

/** OsUpdateTabLabel marks the tab when the phone runs an older iOS than one it was offered. */
export function OsUpdateTabLabel({ need }: { need: boolean }) {
  return (
    <span>
      系统更新
      {need && (
        <Tag color="orange" style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>
          可更新
        </Tag>
      )}
    </span>
  );
}
