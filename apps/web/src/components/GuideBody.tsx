import { Empty, Flex, Steps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface FirstDeviceGuideProps {
  /** What is missing, said under the empty image. */
  description: string;
  /** The steps to the first device; the first is the one to do now. None when the clerk cannot take them. */
  steps: { title: string; content: string }[];
  maxWidth: number;
  style?: CSSProperties;
  /** The way in (a button, or why the clerk cannot). */
  children?: ReactNode;
}

/** GuideBody is FirstDeviceGuide drawn (see there): it stands where a store's devices will be: how the first phone gets in, step by step. */
export function GuideBody({ description, steps, maxWidth, style, children }: FirstDeviceGuideProps) {
  return (
    <Flex vertical align="center" gap={16} style={style}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} style={{ margin: 0 }} />
      {steps.length > 0 && (
        <Steps orientation="vertical" size="small" style={{ maxWidth }} items={steps.map((step, i) => ({ ...step, status: i === 0 ? 'process' : 'wait' }))} />
      )}
      {children}
    </Flex>
  );
}
