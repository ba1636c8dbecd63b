import { LoadingOutlined } from '@ant-design/icons';
import { type OneClickRunStepView, type OneClickRunView, oneClickStepStatusLabel } from '@lease/shared';
import { Steps } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';

const STEP_STATUS = { pending: 'wait', running: 'process', done: 'finish', failed: 'error', skipped: 'wait' } as const;

/** stepContent: the step's state in words, and its reason or the result its operation reported. */
function stepContent(s: OneClickRunStepView) {
  const text = `${oneClickStepStatusLabel[s.status]}${s.reason ? `：${s.reason}` : ''}`;
  return (
    <Typography.Text type={s.status === 'failed' ? 'danger' : s.status === 'skipped' || s.status === 'pending' ? 'secondary' : undefined}>
      {text}
    </Typography.Text>
  );
}

/** currentStep: the step under way (running or failed); past the end once none is, so no finished or skipped step looks current. */
export function currentStep(run: OneClickRunView): number {
  const i = run.steps.findIndex((s) => s.status === 'running' || s.status === 'failed' || s.status === 'pending');
  return i === -1 ? run.steps.length : i;
}

/** RunSteps shows a one-click unlock run as a vertical list of its steps, the running one spinning. */
export function RunSteps({ run }: { run: OneClickRunView }) {
  return (
    <Steps
      orientation="vertical"
      size="small"
      current={currentStep(run)}
      style={{ marginBottom: 12 }}
      items={run.steps.map((s) => ({
        key: s.step,
        title: <span style={s.status === 'skipped' ? { textDecoration: 'line-through' } : undefined}>{s.label}</span>,
        status: STEP_STATUS[s.status],
        icon: s.status === 'running' ? <LoadingOutlined /> : undefined,
        content: stepContent(s),
      }))}
    />
  );
}
