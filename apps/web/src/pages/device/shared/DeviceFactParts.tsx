import type { SimCardInfo } from '@lease/shared';
import { Button, Descriptions, Flex, Tag, type DescriptionsProps } from 'antd';
import { Typography } from '../../../components/typography/Typography.tsx';
import type { ReactNode } from 'react';
import { CHINA_TIME_LABEL, formatDateTime, fromNow } from '../../../lib/time.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { HirerCell } from '../ios/components/HirerCell.tsx';
import { RemarkEditor } from '../ios/detail/RemarkEditor.tsx';

type Items = NonNullable<DescriptionsProps['items']>;

/** none is an empty fact, shown as a grey dash. */
export const none = <Typography.Text type="secondary">—</Typography.Text>;
/** or shows a fact, or the dash when the phone did not report it. */
export const or = (v: ReactNode) => (v === '' || v === null || v === undefined ? none : v);

/** SimFact is one SIM slot as the phone reported it. */
export function SimFact({ sim }: { sim: SimCardInfo | null }) {
  if (!sim) return <Typography.Text type="secondary">未插卡</Typography.Text>;
  return (
    <Flex vertical>
      <span>ICCID：{or(sim.iccid)}</span>
      <span>号码：{or(sim.phone_number)}</span>
      <span>运营商：{or(sim.carrier)}</span>
    </Flex>
  );
}

/** The device fields the lease section reads, the same on every platform. */
interface LeaseDevice {
  id: string;
  hirer_name: string;
  hirer_phone_number: string;
  remark: string;
  for_clerk?: { name: string } | null;
  registration_time: string;
  last_active_time: string | null;
}

interface LeaseOptions {
  onEditHirer: () => void;
  /** Absent without the change-clerk permission: the clerk is shown but cannot be changed. */
  onChangeClerk?: () => void;
  /** The platform's label for when the device was added (登记 or 接入). */
  registrationLabel: string;
  /** The platform's API for the hirer's full phone number and the remark (the Apple one by default). */
  revealPhone?: (deviceId: string) => Promise<{ hirer_phone_number: string }>;
  saveRemark?: (deviceId: string, remark: string) => Promise<unknown>;
  queryRoot?: readonly unknown[];
}

/** leaseFacts is the 租机信息 section: hirer, clerk, remark, when the device came and when it was last seen. */
export function leaseFacts(d: LeaseDevice, o: LeaseOptions): Items {
  return [
    {
      key: 'hirer',
      label: '租机人',
      children: (
        <Flex align="start" gap={8}>
          <HirerCell deviceId={d.id} name={d.hirer_name} maskedPhone={d.hirer_phone_number} reveal={o.revealPhone} />
          <Button type="link" size="small" onClick={o.onEditHirer}>
            修改
          </Button>
        </Flex>
      ),
    },
    {
      key: 'clerk',
      label: '店员',
      children: (
        <Flex align="center" gap={8}>
          {d.for_clerk?.name || none}
          {o.onChangeClerk && (
            <Button type="link" size="small" onClick={o.onChangeClerk}>
              更换
            </Button>
          )}
        </Flex>
      ),
    },
    { key: 'remark', label: '备注', span: 2, children: <RemarkEditor deviceId={d.id} remark={d.remark} save={o.saveRemark} root={o.queryRoot} /> },
    // The page's one zone label: the facts' times are China time, like every time in the console.
    // The zone goes with the value: in the label it wraps a phone's narrow label column over three lines.
    { key: 'reg', label: o.registrationLabel, children: `${formatDateTime(d.registration_time)}（${CHINA_TIME_LABEL}）` },
    { key: 'active', label: '最后在线', children: d.last_active_time ? `${fromNow(d.last_active_time)}（${formatDateTime(d.last_active_time)}）` : '从未上线' },
  ];
}

/** restrictionFact says whether the device's system restrictions follow the store's defaults. */
export const restrictionFact = (diffKeys: readonly string[]): Items[number] => ({
  key: 'restriction',
  label: '系统限制',
  children: diffKeys.length ? <Tag color="orange">{diffKeys.length} 项与门店默认不同</Tag> : '与门店默认一致',
});

interface FactSectionsProps {
  lease: Items;
  hardware: Items;
  management: Items;
  labelWidth: number;
}

/** FactSections lays out a device's facts as the three sections a clerk looks through. */
export function FactSections({ lease, hardware, management, labelWidth }: FactSectionsProps) {
  // On a phone one fact a row: two columns of label + value would leave each value a few characters wide.
  const phone = useIsPhone();
  const common = { size: 'small', column: phone ? 1 : 2, bordered: true, styles: { label: { width: phone ? 100 : labelWidth } } } as const;
  const fit = (items: Items | undefined) => (phone ? items?.map((i) => ({ ...i, span: 1 })) : items);
  return (
    <Flex vertical gap={16}>
      <Descriptions {...common} title="租机信息" items={fit(lease)} />
      <Descriptions {...common} title="硬件与网络" items={fit(hardware)} />
      <Descriptions {...common} title="管理状态" items={fit(management)} />
    </Flex>
  );
}
