import { reportLevelLabel, reportStatusLabel, riskLevelLabel, SANDBOX_LABEL, type ReportLevel, type ReportStatus, type RiskLevel } from '@lease/shared';
import { Tag } from 'antd';
import { Hint } from '../../../components/hint/Hint.tsx';
import { RISK_COLOR, STATUS_COLOR } from '../reportView.ts';

/** SandboxTag marks results the offline sandbox provider made up: they describe no real person. */
export function SandboxTag() {
  return (
    <Hint title="离线沙箱生成的合成数据，不代表真实个人信用">
      <Tag color="purple">{SANDBOX_LABEL}</Tag>
    </Hint>
  );
}

export function RiskTag({ level, score }: { level: RiskLevel; score?: number | null }) {
  return (
    <Tag color={RISK_COLOR[level]}>
      {riskLevelLabel[level]}
      {score !== undefined && score !== null ? ` · ${score} 分` : ''}
    </Tag>
  );
}

export const StatusTag = ({ status }: { status: ReportStatus }) => <Tag color={STATUS_COLOR[status]}>{reportStatusLabel[status]}</Tag>;
export const LevelTag = ({ level }: { level: ReportLevel }) => <Tag color={level === 'advanced' ? 'geekblue' : 'blue'}>{reportLevelLabel[level]}</Tag>;
