import { Result, Tag } from 'antd';
import { useRouteMeta } from '../router/useRouteMeta.ts';
import { Panel } from './Panel.tsx';

export const PLACEHOLDER_TEXT = '此页面功能正在建设中，将在后续版本提供';

/** Placeholder marks a screen whose function is not built yet; it never shows made-up data. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Panel title={title} extra={<Tag>占位页面</Tag>}>
      <Result status="info" title={title} subTitle={PLACEHOLDER_TEXT} />
    </Panel>
  );
}

/** PlaceholderPage is the route component of every such screen; the title comes from the route meta. */
export default function PlaceholderPage() {
  const meta = useRouteMeta();
  return <Placeholder title={meta?.title ?? '页面'} />;
}
