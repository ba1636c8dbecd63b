import { type AppleAppRestrictionInput, AppleAppRestrictionType, type IosRestrictionState } from '@lease/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Skeleton, Tag } from 'antd';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { restrictionStateQuery } from '../../../../api/iosRestriction.ts';
import type { CommandConfirmProps } from '../commands/CommandConfirmDialog.tsx';
import { deviceTitle, useDeviceCommand } from '../commands/useDeviceCommand.ts';
import { AppListEditor } from '../default-restriction/AppListEditor.tsx';
import { AppRuleFields } from '../default-restriction/AppRuleFields.tsx';

/** effectText says what the rule does on the phone, plainly, for the chosen type. */
function effectText(enable: boolean, type: number | undefined): string {
  if (enable && type === undefined) return '请选择限制类型：黑名单禁止名单中的应用，白名单只允许名单中的应用。';
  if (!enable || type === AppleAppRestrictionType.NONE) return '下发后，手机不再按名单限制应用（之前的黑白名单解除）。';
  if (type === AppleAppRestrictionType.WHITELIST)
    return '白名单：手机上只显示、只能打开名单中的应用和下方「始终允许」的应用，其他应用被隐藏（不会删除，数据保留）。设备离线时，下次联网后生效。';
  return '黑名单：名单中的应用在手机上被隐藏且无法打开（不会删除，数据保留）。设备离线时，下次联网后生效。';
}

/** AlwaysAllowed lists what a white list can never hide: the phone's essential apps and the store's global white list. */
function AlwaysAllowed({ state }: { state: IosRestrictionState }) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
      始终允许：
      {state.essential_apps.map((a) => (
        <Tag key={a.bundle_id} title={a.reason}>
          {a.app_name}
        </Tag>
      ))}
      {state.global_white_list.map((a) => (
        <Tag key={a.bundle_id} color="blue">
          {a.app_name}
        </Tag>
      ))}
      <br />
      电话、信息、通讯录和设置是手机正常使用和保持在线接受管理所必需的，不会被隐藏；蓝色为门店「Apple 应用白名单」中的应用。如需租机人自行下载名单中的应用，请把
      App Store 也加入白名单。
    </Typography.Paragraph>
  );
}

/**
 * AppRestrictionDialog sets one phone's app rule (spec §5: when enabled, a type 0-2): 不限制, a black list or a
 * white list of apps picked from the phone's installed apps, the store's app library or typed in.
 */
export function AppRestrictionDialog({ device, onClose, onDone }: CommandConfirmProps) {
  const state = useQuery(restrictionStateQuery(device.id));
  const [form] = Form.useForm<AppleAppRestrictionInput>();
  const enable = Form.useWatch('enable', form) ?? false;
  const type = Form.useWatch('type', form);
  const send = useDeviceCommand('set-app-restriction', {
    onSuccess: () => {
      onClose();
      onDone?.();
    },
  });
  const s = state.data;
  const hasList = enable && (type === AppleAppRestrictionType.BLACKLIST || type === AppleAppRestrictionType.WHITELIST);

  return (
    <Modal
      open
      title={`应用限制 · ${deviceTitle(device)}`}
      okText="下发应用限制"
      cancelText="取消"
      okButtonProps={{ loading: send.isPending, disabled: !s }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      {!s ? (
        <Skeleton active />
      ) : (
        <Form<AppleAppRestrictionInput>
          form={form}
          layout="vertical"
          // An off rule starts without a type, so turning it on asks which one (spec §5).
          initialValues={{ ...s.requested.app_restriction, type: s.requested.app_restriction.enable ? s.requested.app_restriction.type : undefined }}
          onFinish={(v) => send.mutate({ device_id: device.id, enable: v.enable, type: v.enable ? v.type : AppleAppRestrictionType.NONE, list: v.list ?? [] })}
        >
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={effectText(enable, type)} />
          {s.supervised === false && hasList && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="本机未监管：应用黑名单和白名单只在已监管的设备上生效，下发后不会起作用。" />
          )}
          <AppRuleFields
            enable={enable}
            type={type}
            hideTypeWhenOff
            editor={<AppListEditor deviceId={device.id} emptyText="尚未添加应用" />}
            listExtra={type === AppleAppRestrictionType.BLACKLIST ? '门店「Apple 应用白名单」中的应用和系统必需应用不会被禁止。' : undefined}
          />
          {hasList && type === AppleAppRestrictionType.WHITELIST && <AlwaysAllowed state={s} />}
        </Form>
      )}
    </Modal>
  );
}
