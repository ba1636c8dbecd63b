import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import { Typography } from '../../../../components/typography/Typography.tsx';
import { useState } from 'react';
import { getHirerPhone } from '../../../../api/iosDevice.ts';

interface HirerCellProps {
  deviceId: string;
  name: string;
  maskedPhone: string;
  /** Reads the full number (an audited call); Apple's by default, Android passes its own. */
  reveal?: (deviceId: string) => Promise<{ hirer_phone_number: string }>;
}

/**
 * HirerCell shows the hirer with the phone masked; the eye asks the server for the full number, which
 * writes an operation-log entry, so it is fetched only on click and never kept beyond this row.
 */
export function HirerCell({ deviceId, name, maskedPhone, reveal: read = getHirerPhone }: HirerCellProps) {
  const [phone, setPhone] = useState<string | null>(null);
  const reveal = useMutation({ mutationFn: () => read(deviceId), onSuccess: (r) => setPhone(r.hirer_phone_number) });
  if (!name && !maskedPhone) return <Typography.Text type="secondary">未填写</Typography.Text>;
  return (
    <Flex vertical>
      <Typography.Text>{name || '—'}</Typography.Text>
      {maskedPhone && (
        <Flex align="center" gap={2}>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {phone ?? maskedPhone}
          </Typography.Text>
          <Hint title={phone ? '隐藏手机号' : '查看完整手机号（将记录操作日志）'}>
            <Button
              type="text"
              size="small"
              aria-label={phone ? '隐藏手机号' : '查看完整手机号'}
              loading={reveal.isPending}
              icon={phone ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={() => (phone ? setPhone(null) : reveal.mutate())}
            />
          </Hint>
        </Flex>
      )}
    </Flex>
  );
}
