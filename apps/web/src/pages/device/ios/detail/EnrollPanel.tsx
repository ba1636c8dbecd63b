import { Typography } from '../../../../components/typography/Typography.tsx';
import { Panel } from '../../../../components/Panel.tsx';
import { EnrollLink } from '../components/EnrollLink.tsx';
import { HttpsNotice } from '../components/HttpsNotice.tsx';

/** EnrollPanel shows a registered phone's enrolment link and QR code until the phone has enrolled. */
export function EnrollPanel({ link, serial, deviceId }: { link: string; serial: string; deviceId?: string }) {
  return (
    <Panel title="等待租机人接入">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        设备尚未接入管理。请租机人用这台 iPhone 扫码或在 Safari 中打开链接，填写信息后安装描述文件。
      </Typography.Paragraph>
      <HttpsNotice />
      <EnrollLink link={link} serial={serial} deviceId={deviceId} size={148} layout="column" />
    </Panel>
  );
}
