import { PERMISSION_GROUPS, type PermissionEntry } from '@lease/shared';
import { Table } from 'antd';

interface Row extends PermissionEntry {
  group: string;
}

const rows: Row[] = PERMISSION_GROUPS.flatMap((g) => g.items.map((i) => ({ ...i, group: g.label })));

/** PermissionTable lists every permission a clerk can be granted, by the names the clerk dialog uses (codes are for developers). */
export function PermissionTable() {
  return (
    <Table<Row>
      size="small"
      rowKey="code"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '分类', dataIndex: 'group', width: 120 },
        { title: '权限', dataIndex: 'label' },
      ]}
    />
  );
}
