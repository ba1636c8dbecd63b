import { useQuery } from '@tanstack/react-query';
import { Anchor, Col, Collapse, Flex, Row, theme } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import { serverVersionQuery } from '../../api/system.ts';
import { Panel } from '../../components/Panel.tsx';
import { useIsPhone } from '../../lib/useIsPhone.ts';
import { HELP_SECTIONS } from './helpSections.tsx';

/** ServerVersion is the running server's version and build, for a clerk to read out on a support call. */
function ServerVersion() {
  const version = useQuery(serverVersionQuery);
  if (!version.data) return null;
  return (
    <Typography.Text type="secondary" data-testid="server-version" style={{ fontSize: 12 }}>
      服务端版本 {version.data.version}（构建 {version.data.build}）
    </Typography.Text>
  );
}

/** PhoneIndex is the table of contents on a phone: the sections' links on top, wrapping, instead of a side column. */
function PhoneIndex() {
  return (
    <nav aria-label="帮助目录">
      <Flex wrap gap="4px 16px">
        {HELP_SECTIONS.map((s) => (
          <Typography.Link key={s.id} href={`#${s.id}`}>
            {s.title}
          </Typography.Link>
        ))}
      </Flex>
    </nav>
  );
}

/**
 * HelpPage is the clerks' manual (/console/help): one collapsible section per task, with a table of contents
 * beside it on a desktop and above it on a phone, where the text takes the full width.
 */
export default function HelpPage() {
  const { token } = theme.useToken();
  const phone = useIsPhone();
  const manual = (
    <Panel title="帮助中心" extra={<ServerVersion />}>
      <Flex vertical gap={phone ? 24 : 32}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          这里介绍控制台的主要操作。标有「即将推出」的功能尚未开放。看不到某项功能时，通常是没有对应权限或门店未开通，请联系门店管理员。
        </Typography.Paragraph>
        {phone && <PhoneIndex />}
        {HELP_SECTIONS.map((section) => (
          <section key={section.id} id={section.id} style={{ scrollMarginTop: token.paddingLG }}>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {section.title}
            </Typography.Title>
            {section.summary && <Typography.Paragraph>{section.summary}</Typography.Paragraph>}
            <Collapse
              size={phone ? 'small' : undefined}
              defaultActiveKey={section.topics.slice(0, 1).map((t) => t.key)}
              items={section.topics.map((t) => ({ key: t.key, label: t.title, children: t.body }))}
            />
          </section>
        ))}
      </Flex>
    </Panel>
  );
  if (phone) return manual;
  return (
    <Row gutter={24} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {manual}
      </Col>
      <Col flex="200px" style={{ display: 'block' }}>
        <Anchor offsetTop={24} targetOffset={24} items={HELP_SECTIONS.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))} />
      </Col>
    </Row>
  );
}
