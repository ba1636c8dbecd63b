import { Outlet } from 'react-router';
import { AuthCard } from '../../components/AuthCard.tsx';
import { useRouteMeta } from '../../router/useRouteMeta.ts';

/** RegisterPage frames the registration steps (for now the one child, new-store). */
export default function RegisterPage() {
  const meta = useRouteMeta();
  return (
    <AuthCard title={meta?.title ?? '注册'}>
      <Outlet />
    </AuthCard>
  );
}
