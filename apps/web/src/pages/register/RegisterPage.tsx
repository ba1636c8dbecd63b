import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link, Outlet } from 'react-router';
import { registrationQuery } from '../../api/system.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { useRouteMeta } from '../../router/useRouteMeta.ts';

/**
 * RegisterPage frames the registration steps (for now the one child, new-store). When the platform operator
 * has switched self-registration off, it says so instead of showing a form that would be refused.
 */
export default function RegisterPage() {
  const meta = useRouteMeta();
  const registration = useQuery(registrationQuery);
  const closed = registration.data?.open === false;
  return (
    <AuthCard title={closed ? '注册已关闭' : (meta?.title ?? '注册')}>
      {closed ? (
        <Alert
          type="info"
          showIcon
          message="平台已关闭门店自助注册"
          description={
            <>
              如需开通门店，请联系平台运营人员。已有账号请直接<Link to="/login">登录</Link>。
            </>
          }
        />
      ) : (
        <Outlet />
      )}
    </AuthCard>
  );
}
