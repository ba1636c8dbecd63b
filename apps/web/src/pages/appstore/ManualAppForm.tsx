import { ANDROID_PACKAGE_RE, APPLE_BUNDLE_ID_RE, type AppPlatform, type AppstoreNewRequest } from '@lease/shared';
import { AutoComplete, Button, Form, Input, InputNumber } from 'antd';

type Values = Pick<AppstoreNewRequest, 'app_name' | 'bundle_id' | 'group' | 'sort'>;

interface ManualAppFormProps {
  platform: AppPlatform;
  groups: string[];
  initialName?: string;
  submitting: boolean;
  onSubmit: (values: Values) => void;
}

const idRule = (platform: AppPlatform) =>
  platform === 'apple'
    ? { pattern: APPLE_BUNDLE_ID_RE, message: 'Bundle ID 格式有误，如 com.tencent.xin' }
    : { pattern: ANDROID_PACKAGE_RE, message: '包名格式有误，如 com.tencent.mm' };

/** ManualAppForm enters an app by its id: an Android package name, or an Apple bundle id when search is not available. */
export function ManualAppForm({ platform, groups, initialName, submitting, onSubmit }: ManualAppFormProps) {
  const idLabel = platform === 'apple' ? 'Bundle ID' : '包名';
  return (
    <Form<Values>
      layout="vertical"
      initialValues={{ app_name: initialName ?? '', bundle_id: '', group: '', sort: 0 }}
      onFinish={(v) => onSubmit({ ...v, app_name: v.app_name.trim(), bundle_id: v.bundle_id.trim(), group: (v.group ?? '').trim() })}
    >
      <Form.Item
        name="app_name"
        label="应用名称"
        rules={[
          { required: true, whitespace: true, message: '请输入应用名称' },
          { max: 50, message: '应用名称最多 50 个字符' },
        ]}
      >
        <Input placeholder="如：微信" maxLength={50} />
      </Form.Item>
      <Form.Item
        name="bundle_id"
        label={idLabel}
        extra={platform === 'apple' ? '可在 App Store 链接或 Apple Configurator 中查到，如 com.tencent.xin' : '应用的包名（applicationId），如 com.tencent.mm'}
        rules={[{ required: true, whitespace: true, message: `请输入${idLabel}` }, idRule(platform)]}
      >
        <Input placeholder={platform === 'apple' ? 'com.tencent.xin' : 'com.tencent.mm'} maxLength={155} />
      </Form.Item>
      <Form.Item name="group" label="分组" rules={[{ max: 20, message: '分组最多 20 个字符' }]}>
        <AutoComplete options={groups.map((g) => ({ value: g }))} placeholder="可选，如：社交、金融" allowClear />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="数字越小越靠前">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        添加到应用库
      </Button>
    </Form>
  );
}
