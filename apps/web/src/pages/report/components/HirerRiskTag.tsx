import { hasPermission, Perm, riskLevelLabel, type HirerRisk } from '@lease/shared';
import { Tag } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { Link } from 'react-router';
import { useUser } from '../../../auth/useUser.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { RISK_COLOR } from '../reportView.ts';

/**
 * HirerRiskTag is the device pages' small tag with the hirer's latest report risk level; it opens that
 * report for a clerk who may read reports.
 */
export function HirerRiskTag({ risk }: { risk: HirerRisk | null }) {
  const user = useUser();
  if (!risk) return null;
  const tag = (
    <Hint title={`最近报告：${formatDateTime(risk.date_created)}，风险分 ${risk.score}${risk.sandbox ? '（沙箱数据）' : ''}`}>
      <Tag color={RISK_COLOR[risk.level]} data-testid="hirer-risk">
        租机人{riskLevelLabel[risk.level]}
        {risk.sandbox ? '·沙箱' : ''}
      </Tag>
    </Hint>
  );
  // The report view lives under its level's route (and module).
  return hasPermission(user.permission, Perm.REPORT_LIST) ? <Link to={`/console/report/${risk.report_level}/${risk.report_id}`}>{tag}</Link> : tag;
}
