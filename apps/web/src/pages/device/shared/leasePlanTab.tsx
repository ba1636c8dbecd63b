import { hasPermission, Perm } from '@lease/shared';
import type { LeasePlanTabProps } from '../../lease/plan/LeasePlanTab.tsx';
import { lazyTab } from '../../../components/lazyPart.tsx';

const LeasePlanTab = lazyTab(() => import('../../lease/plan/LeasePlanTab.tsx').then((m) => m.LeasePlanTab));

/**
 * leasePlanTabs is the device pages' 分期计划 tab, for those who may see plans (none otherwise),
 * with the tab's code (its tables and dialogs) loaded when it first opens.
 */
export const leasePlanTabs = (props: LeasePlanTabProps) =>
  hasPermission(props.perms, Perm.LEASE_PLAN_VIEW) ? [{ key: 'lease', label: '分期计划', children: <LeasePlanTab {...props} /> }] : [];
