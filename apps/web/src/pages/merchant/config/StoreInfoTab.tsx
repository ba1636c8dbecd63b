import { PERMISSION_GROUPS, type StoreInfo, type StoreInfoUpdateRequest } from '@lease/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Form, Input, Skeleton, Tag } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { clerkKeys } from '../../../api/clerk.ts';
import { meQuery } from '../../../api/user.ts';
import { storeInfoQuery, storeKeys, updateStoreInfo } from '../../../api/store.ts';
import { feedback } from '../../../app/feedback.ts';
import { required, showFormError } from '../../../forms/formRules.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { PermissionPicker } from '../employee/PermissionPicker.tsx';
import { discountText, moduleLabels, usageText } from './storeInfoView.ts';

type InfoForm = Required<StoreInfoUpdateRequest>;

function StoreFacts({ info }: { info: StoreInfo }) {
  const modules = moduleLabels(info.modules);
  return (
    <Descriptions
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'created', label: '开通时间', children: formatDateTime(info.date_created) },
        { key: 'devices', label: '设备额度（已用 / 总数）', children: usageText(info.used_device_count, info.device_count) },
        { key: 'rcs', label: '风控查询次数（已用 / 总数）', children: usageText(info.used_rcs_count, info.rcs_count) },
        { key: 'discount', label: '折扣', children: discountText(info.discount_rate) },
        {
          key: 'modules',
          label: '已开通功能',
          span: 2,
          children: modules.length ? modules.map((m) => <Tag key={m}>{m}</Tag>) : '暂无',
        },
      ]}
    />
  );
}

/** StoreInfoTab shows the store's facts and lets the admin change its name, remark and new clerks' default permissions. */
export function StoreInfoTab() {
  const info = useQuery(storeInfoQuery);
  const [form] = Form.useForm<InfoForm>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: InfoForm) => updateStoreInfo(v),
    onSuccess: async (saved) => {
      feedback.message.success('门店信息已保存');
      queryClient.setQueryData(storeKeys.info, saved);
      await Promise.all([queryClient.invalidateQueries({ queryKey: clerkKeys.all }), queryClient.invalidateQueries({ queryKey: meQuery.queryKey })]);
    },
    onError: (err) => showFormError(form, err),
  });

  if (!info.data) return <Skeleton active />;
  const { store_name, remark, employee_default_permission } = info.data;
  return (
    <>
      <StoreFacts info={info.data} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        设备额度、风控查询次数、折扣和开通的功能由平台设置，如需调整请联系客服。
      </Typography.Paragraph>
      <Divider />
      <Form<InfoForm>
        form={form}
        layout="vertical"
        initialValues={{ store_name, remark, employee_default_permission }}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 760 }}
      >
        <Form.Item name="store_name" label="门店名称" rules={[required('请输入门店名称'), { max: 30, message: '门店名称最多 30 个字符' }]}>
          <Input maxLength={30} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 个字符' }]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="仅门店内部可见" />
        </Form.Item>
        <Form.Item name="employee_default_permission" label="新店员默认权限" extra="新增店员时默认勾选这些权限，可在新增时再调整；不影响已有店员。">
          <PermissionPicker groups={PERMISSION_GROUPS} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存门店信息
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
