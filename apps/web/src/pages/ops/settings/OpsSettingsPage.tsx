import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import { opsKeys, opsSettingsQuery, opsUpdateSettings } from '../../../api/ops.ts';
import { feedback } from '../../../app/feedback.ts';
import { Panel } from '../../../components/Panel.tsx';

/** OpsSettingsPage holds the platform switches: public self-registration of stores. */
export default function OpsSettingsPage() {
  const queryClient = useQueryClient();
  const settings = useQuery(opsSettingsQuery);
  const save = useMutation({
    mutationFn: opsUpdateSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(opsKeys.settings, data);
      feedback.message.success(data.self_registration ? '已开放门店自助注册' : '已关闭门店自助注册');
    },
  });
  return (
    <Panel title="平台设置">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Switch
          aria-label="开放门店自助注册"
          checked={settings.data?.self_registration ?? false}
          loading={settings.isPending || save.isPending}
          onChange={(checked) => save.mutate({ self_registration: checked })}
        />
        <span>开放门店自助注册（/system/register）</span>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        关闭后，注册页面提示“平台已关闭门店自助注册”，新门店只能在“门店管理”中由运营人员创建。
      </Typography.Paragraph>
    </Panel>
  );
}
