import { blacklistCheckRequest, phoneNumber, reportMsg, type BlacklistCheckRequest, type BlacklistCheckResult } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, List, Modal, Radio } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { homeKeys } from '../../../api/home.ts';
import { checkBlacklist, reportHelperQuery, reportKeys } from '../../../api/report.ts';
import { required, schemaRule, showFormError } from '../../../forms/formRules.ts';
import { yuan } from '../reportView.ts';
import { SandboxTag } from './ReportTags.tsx';

interface Values {
  type: 0 | 1;
  id_card?: string;
  phone_number?: string;
}

const ID_RULE = schemaRule(blacklistCheckRequest.options[0].shape.id_card);

/** toRequest: spec §5's two forms, type 0 by an 18-character id number, type 1 by a phone. */
export const toBlacklistRequest = (v: Values): BlacklistCheckRequest =>
  v.type === 0 ? { type: 0, id_card: (v.id_card ?? '').trim().toUpperCase() } : { type: 1, phone_number: (v.phone_number ?? '').trim() };

function Result({ result }: { result: BlacklistCheckResult }) {
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }}>
      <Alert
        type={result.hit ? 'error' : 'success'}
        showIcon
        title={
          <Flex gap={8} align="center" wrap>
            <span>{result.hit ? `${result.value} 命中黑名单` : `${result.value} 未命中黑名单`}</span>
            {result.sandbox && <SandboxTag />}
          </Flex>
        }
        description={`本次扣费 ${yuan(result.price_fen)}，余额 ${yuan(result.balance_fen)}`}
      />
      {result.records.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={result.records}
          renderItem={(r) => (
            <List.Item>
              <List.Item.Meta title={`${r.source} · ${r.date}`} description={r.reason} />
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}

/** BlacklistDialog checks one id number or phone against the blacklist; each check is charged at the blacklist price. */
export function BlacklistDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 0;
  const helper = useQuery(reportHelperQuery);
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: (v: Values) => checkBlacklist(toBlacklistRequest(v)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.balance }), queryClient.invalidateQueries({ queryKey: homeKeys.all })]),
    onError: (err) => showFormError(form, err),
  });
  return (
    <Modal open title="黑名单查询" footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose} destroyOnHidden width={480}>
      <Form<Values> form={form} layout="vertical" initialValues={{ type: 0 }} onFinish={(v) => check.mutate(v)} onValuesChange={() => check.reset()}>
        <Form.Item name="type" label="查询方式">
          <Radio.Group
            options={[
              { value: 0, label: '身份证号' },
              { value: 1, label: '手机号' },
            ]}
          />
        </Form.Item>
        {type === 0 ? (
          <Form.Item name="id_card" label="身份证号" rules={[required(reportMsg.idCard), ID_RULE]}>
            <Input placeholder="18 位身份证号" maxLength={18} />
          </Form.Item>
        ) : (
          <Form.Item name="phone_number" label="手机号" rules={[required('请输入手机号'), schemaRule(phoneNumber)]}>
            <Input placeholder="11 位手机号" maxLength={11} />
          </Form.Item>
        )}
        <Flex align="center" gap={12}>
          <Button type="primary" htmlType="submit" loading={check.isPending}>
            查询{helper.data ? `（${yuan(helper.data.blacklist_price_fen)}）` : ''}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            每次查询按黑名单价格扣费
          </Typography.Text>
        </Flex>
      </Form>
      {check.data && <Result result={check.data} />}
    </Modal>
  );
}
