import { rcsIdCard, reportMsg, type RcsRecord, type RcsRequest } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { homeKeys } from '../../../api/home.ts';
import { reportKeys, requestRcs } from '../../../api/report.ts';
import { required, schemaRule, showFormError } from '../../../forms/formRules.ts';
import { RcsAuthLink } from './RcsAuthLink.tsx';

interface Props {
  /** Given: the dialog shows that order's link again instead of asking for a new one. */
  record?: RcsRecord;
  onClose: () => void;
}

/** RcsRequestDialog starts an RCS query (spends one of the store's counts) and shows the hirer's QR code and link. */
export function RcsRequestDialog({ record, onClose }: Props) {
  const [form] = Form.useForm<RcsRequest>();
  const queryClient = useQueryClient();
  const request = useMutation({
    mutationFn: requestRcs,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), queryClient.invalidateQueries({ queryKey: homeKeys.all })]),
    onError: (err) => showFormError(form, err),
  });
  const shown = record ?? request.data;

  return (
    <Modal
      open
      title={shown ? '授权二维码' : '发起风控查询'}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      footer={
        shown ? (
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={request.isPending} onClick={() => form.submit()}>
              生成授权码
            </Button>
          </>
        )
      }
    >
      {shown ? (
        <RcsAuthLink record={shown} />
      ) : (
        <Form<RcsRequest> form={form} layout="vertical" onFinish={(v) => request.mutate(v)}>
          <Alert type="info" showIcon title="风控查询需要租机人本人在手机上授权，每次发起消耗 1 次风控查询次数。" style={{ marginBottom: 16 }} />
          <Form.Item name="name" label="租机人姓名" rules={[required('请输入姓名'), { min: 2, message: reportMsg.name }]}>
            <Input maxLength={20} placeholder="与证件一致" />
          </Form.Item>
          <Form.Item
            name="id_card"
            label="证件号码"
            rules={[required('请输入证件号码'), schemaRule(rcsIdCard)]}
            extra="支持大陆 15/18 位身份证，及港澳台居民身份证"
          >
            <Input maxLength={18} placeholder="身份证号" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
