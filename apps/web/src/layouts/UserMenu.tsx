import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@lease/shared';
import { Avatar, Menu, Popover, Space, Tag, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../auth/sessionActions.ts';
import { isAdmin } from '../router/guard.ts';

/**
 * UserMenu is the header's clerk name opening 修改密码 and 退出登录. A Popover holding a Menu reuses
 * what the sider already loaded (antd's Dropdown would add its own chunk to the console's download).
 */
export function UserMenu({ user }: { user: UserInfo }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const items: MenuProps['items'] = [
    { key: 'password', label: '修改密码' },
    { key: 'logout', label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'password') void navigate('/console/security/password');
    else void logout(navigate);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      styles={{ container: { padding: 4 } }}
      content={<Menu items={items} onClick={onClick} selectable={false} style={{ border: 'none', minWidth: 120 }} />}
    >
      <button type="button" style={{ all: 'unset', cursor: 'pointer' }} aria-label="账号菜单">
        <Space>
          <Avatar size="small" icon={<UserOutlined />} />
          {user.name}
          {isAdmin(user) && <Tag color="gold">管理员</Tag>}
        </Space>
      </button>
    </Popover>
  );
}
