import { Anchor, Col, Collapse, Flex, Row, theme, Typography } from 'antd';
import { Panel } from '../../components/Panel.tsx';
import { HELP_SECTIONS } from './helpSections.tsx';

/** HelpPage is the clerks' manual (/console/help): one collapsible section per task, with a table of contents. */
export default function HelpPage() {
  const { token } = theme.useToken();
  return (
    <Row gutter={24} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Panel title="帮助中心">
          <Flex vertical gap={32}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              这里介绍控制台的主要操作。标有「即将推出」的功能尚未开放。看不到某项功能时，通常是没有对应权限或门店未开通，请联系门店管理员。
            </Typography.Paragraph>
            {HELP_SECTIONS.map((section) => (
              <section key={section.id} id={section.id} style={{ scrollMarginTop: token.paddingLG }}>
                <Typography.Title level={4} style={{ marginTop: 0 }}>
                  {section.title}
                </Typography.Title>
                {section.summary && <Typography.Paragraph>{section.summary}</Typography.Paragraph>}
                <Collapse
                  defaultActiveKey={section.topics.slice(0, 1).map((t) => t.key)}
                  items={section.topics.map((t) => ({ key: t.key, label: t.title, children: t.body }))}
                />
              </section>
            ))}
          </Flex>
        </Panel>
      </Col>
      <Col flex="200px" style={{ display: 'block' }}>
        <Anchor offsetTop={24} targetOffset={24} items={HELP_SECTIONS.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))} />
      </Col>
    </Row>
  );
}
