/** MdmPushTarget is one enrolment to wake: its APNs device token (hex) and PushMagic. */
export interface MdmPushTarget {
  tokenHex: string;
  pushMagic: string;
}

/** PushOutcome: 'sent', 'retry' (transient, try later) or 'dead' (token no longer valid: never retry). */
export type PushOutcome = { target: MdmPushTarget; status: 'sent' | 'retry' | 'dead'; reason?: string; apnsId?: string };

/** ApnsPusher sends MDM wake-up pushes (`{"mdm": PushMagic}`) on the store's MDM topic. */
export interface ApnsPusher {
  readonly label: string;
  /** live is true only when pushes really leave for APNs (or a configured stand-in). */
  readonly live: boolean;
  push(targets: MdmPushTarget[]): Promise<PushOutcome[]>;
  close(): Promise<void>;
}

/** offlinePusher is the default when no push certificate is configured: it sends nothing and says so. */
export const offlinePusher: ApnsPusher = {
  label: '未配置 APNs 推送证书（不发送推送，设备按自身周期签到）',
  live: false,
  async push(targets) {
    return targets.map((target) => ({ target, status: 'retry' as const, reason: 'NotConfigured' }));
  },
  async close() {},
};
