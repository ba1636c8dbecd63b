import type { SmsSentResponse } from '@lease/shared';
import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../app/feedback.ts';
import { required } from './formRules.ts';
import { SMS_CODE_RE, msg } from '@lease/shared/patterns';

/** Seconds before another code may be asked for when the server does not say. */
export const SMS_RESEND_SECONDS = 60;

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

interface SmsCodeFieldProps {
  /**
   * Validates what the code depends on (the phone field) and asks for the code; calls `onVerify` when it starts
   * solving the proof of work a public send may need, so the button can say so.
   */
  send: (onVerify: () => void) => Promise<SmsSentResponse>;
  name?: string;
  label?: string;
}

/** SmsCodeField is the 6-digit code input with a '获取验证码' button that counts down 60 s. */
export function SmsCodeField({ send, name = 'sms_code', label = '短信验证码' }: SmsCodeFieldProps) {
  const [left, setLeft] = useCountdown();
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  const onSend = async () => {
    setSending(true);
    try {
      const sent = await send(() => setVerifying(true));
      setLeft(sent.resend_after > 0 ? sent.resend_after : SMS_RESEND_SECONDS);
      feedback.message.success(`验证码已发送至 ${sent.masked_phone}`);
    } catch {
      // The request client or the form validation already told the user what went wrong.
    } finally {
      setSending(false);
      setVerifying(false);
    }
  };

  return (
    <Form.Item label={label} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={[required('请输入短信验证码'), { pattern: SMS_CODE_RE, message: msg.smsCode }]}>
          <Input placeholder="6 位数字验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={onSend} loading={sending} disabled={left > 0} style={{ minWidth: 112 }}>
          {verifying ? '正在验证…' : left > 0 ? `${left} 秒后重发` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
