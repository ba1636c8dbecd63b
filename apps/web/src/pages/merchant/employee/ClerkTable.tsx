import { type ClerkListItem, type ClerkListQuery, PERMISSION_GROUPS } from '@lease/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Popconfirm, Select, Space, type TableColumnType, Tag } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { Typography } from '../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { clerkKeys, clerkPageQuery, setClerkDisabled } from '../../../api/clerk.ts';
import { feedback } from '../../../app/feedback.ts';
import { useUser } from '../../../auth/useUser.ts';
import { tablePagination } from '../../../components/pagination.ts';
import { ResponsiveTable } from '../../../components/ResponsiveTable.tsx';
import { filterItem, FilterButtons } from '../../../forms/filterBar.tsx';
import { formatDateTime, withChinaTime } from '../../../lib/time.ts';
import { permissionSummary } from './clerkForm.ts';

interface SearchValues {
  name?: string;
  phone_number?: string;
  status?: 'enabled' | 'disabled';
}

const FIRST_PAGE: ClerkListQuery = { page_num: 0, page_size: 20 };
const STATUS_OPTIONS = [
  { value: 'enabled', label: '启用中' },
  { value: 'disabled', label: '已停用' },
];

function PermissionCell({ clerk }: { clerk: ClerkListItem }) {
  if (clerk.is_admin) return <Tag color="gold">全部权限</Tag>;
  const groups = permissionSummary(PERMISSION_GROUPS, clerk.permission);
  if (!groups.length) return <Typography.Text type="secondary">无</Typography.Text>;
  const detail = groups.map((g) => (
    <div key={g.label}>
      {g.label}：{g.items.join('、')}
    </div>
  ));
  return (
    <Hint title={detail}>
      <Typography.Text ellipsis style={{ cursor: 'help', maxWidth: 180 }}>
        {groups.map((g) => `${g.label} ${g.items.length} 项`).join('，')}
      </Typography.Text>
    </Hint>
  );
}

const quotaText = (c: ClerkListItem) => (c.quota_limit ? `${c.used_quota} / ${c.total_quota}` : `${c.used_quota} / 不限`);

interface ClerkTableProps {
  onEdit: (clerk: ClerkListItem) => void;
  onResetPassword: (clerk: ClerkListItem) => void;
}

/** ClerkTable is the store's clerks with search, paging and the row actions. */
export function ClerkTable({ onEdit, onResetPassword }: ClerkTableProps) {
  const me = useUser();
  const [form] = Form.useForm<SearchValues>();
  const [query, setQuery] = useState<ClerkListQuery>(FIRST_PAGE);
  const list = useQuery({ ...clerkPageQuery(query), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (c: ClerkListItem) => setClerkDisabled({ id: c.id, disabled: !c.disabled }),
    onSuccess: async (_r, c) => {
      feedback.message.success(c.disabled ? `已启用 ${c.name}` : `已停用 ${c.name}，其登录已失效`);
      await queryClient.invalidateQueries({ queryKey: clerkKeys.all });
    },
  });

  const search = (v: SearchValues) =>
    setQuery({
      ...FIRST_PAGE,
      page_size: query.page_size,
      name: v.name?.trim() || undefined,
      phone_number: v.phone_number?.trim() || undefined,
      disabled: v.status === undefined ? undefined : v.status === 'disabled',
    });

  const columns: TableColumnType<ClerkListItem>[] = [
    {
      title: '店员',
      key: 'clerk',
      width: 200,
      render: (_v, c) => (
        <Flex vertical>
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            {c.name}
            {c.is_admin && <Tag color="gold">管理员</Tag>}
            {c.id === me.id && <Tag>我</Tag>}
          </Space>
          <Typography.Text type="secondary">{c.phone_number}</Typography.Text>
        </Flex>
      ),
    },
    { title: '权限', key: 'permission', width: 200, render: (_v, c) => <PermissionCell clerk={c} /> },
    {
      title: (
        <Hint title="已使用 / 额度：店员名下的设备数和上限">
          <span style={{ cursor: 'help' }}>设备额度</span>
        </Hint>
      ),
      key: 'quota',
      width: 120,
      render: (_v, c) => quotaText(c),
    },
    {
      title: '名下设备',
      key: 'devices',
      width: 140,
      render: (_v, c) => `Apple ${c.device_count.ios} / Android ${c.device_count.android}`,
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 80,
      render: (disabled: boolean) => (disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">启用中</Tag>),
    },
    { title: withChinaTime('创建时间'), dataIndex: 'date_created', width: 140, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_v, c) => {
        const self = c.id === me.id;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => onEdit(c)}>
              编辑
            </Button>
            <Hint title={self ? '请在“修改密码”页修改自己的密码' : undefined}>
              <Button type="link" size="small" disabled={self} onClick={() => onResetPassword(c)}>
                重置密码
              </Button>
            </Hint>
            {c.disabled ? (
              <Popconfirm
                title={`启用店员 ${c.name}？`}
                description="启用后可用原密码登录。"
                okText="启用"
                cancelText="取消"
                onConfirm={() => toggle.mutateAsync(c)}
              >
                <Button type="link" size="small">
                  启用
                </Button>
              </Popconfirm>
            ) : (
              <Hint title={self ? '不能停用自己的账号' : undefined}>
                <Popconfirm
                  title={`停用店员 ${c.name}？`}
                  description="停用后该店员立即退出登录且无法再登录，名下设备保持不变。"
                  okText="停用"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  disabled={self}
                  onConfirm={() => toggle.mutateAsync(c)}
                >
                  <Button type="link" size="small" danger disabled={self}>
                    停用
                  </Button>
                </Popconfirm>
              </Hint>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Form<SearchValues> form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
        <Form.Item name="name" {...filterItem}>
          <Input allowClear placeholder="姓名" maxLength={20} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="phone_number" rules={[{ pattern: /^\d{1,11}$/, message: '手机号最多 11 位数字' }]} {...filterItem}>
          <Input allowClear placeholder="手机号" maxLength={11} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" {...filterItem}>
          <Select allowClear placeholder="状态" options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <FilterButtons
          joined
          onReset={() => {
            form.resetFields();
            setQuery({ ...FIRST_PAGE, page_size: query.page_size });
          }}
        />
      </Form>
      <ResponsiveTable<ClerkListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        label="店员列表"
        card={{ title: 'clerk', actions: 'actions' }}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 1040 }}
        pagination={tablePagination({
          pageNum: query.page_num,
          pageSize: query.page_size,
          total: list.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setQuery({ ...query, page_num: pageNum, page_size: pageSize }),
        })}
      />
    </Flex>
  );
}
