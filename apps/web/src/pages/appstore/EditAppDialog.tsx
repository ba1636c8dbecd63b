import type { AppstoreApp, AppstoreUpdateRequest } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Form, Input, InputNumber } from 'antd';
import { Typography } from '../../components/typography/Typography.tsx';
import { appstoreKeys, updateApp } from '../../api/appstore.ts';
import { feedback } from '../../app/feedback.ts';
import { FormDialog } from '../../components/FormDialog.tsx';

/** EditAppDialog renames, regroups or reorders one app of the library; its bundle id stays. */
export function EditAppDialog({ app, groups, onClose }: { app: AppstoreApp; groups: string[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: Required<AppstoreUpdateRequest>) => updateApp(app.id, { app_name: v.app_name.trim(), group: (v.group ?? '').trim(), sort: v.sort }),
    onSuccess: async () => {
      feedback.message.success('已保存');
      onClose();
      await queryClient.invalidateQueries({ queryKey: appstoreKeys.all });
    },
  });
  return (
    <FormDialog<Required<AppstoreUpdateRequest>>
      title="编辑应用"
      okText="保存"
      width={460}
      initialValues={{ app_name: app.app_name, group: app.group, sort: app.sort }}
      onFinish={(v) => save.mutate(v)}
      pending={save.isPending}
      intro={
        <Typography.Paragraph type="secondary" copyable={{ text: app.bundle_id }}>
          {app.platform === 'apple' ? 'Bundle ID' : '包名'}：{app.bundle_id}
        </Typography.Paragraph>
      }
      onClose={onClose}
    >
      <Form.Item
        name="app_name"
        label="应用名称"
        rules={[
          { required: true, whitespace: true, message: '请输入应用名称' },
          { max: 50, message: '应用名称最多 50 个字符' },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="group" label="分组" rules={[{ max: 20, message: '分组最多 20 个字符' }]}>
        <AutoComplete options={groups.map((g) => ({ value: g }))} placeholder="不分组" allowClear />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字越小越靠前" rules={[{ required: true, message: '请输入排序' }]}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormDialog>
  );
}
