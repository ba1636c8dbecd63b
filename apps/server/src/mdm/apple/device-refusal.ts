/**
 * DeviceRefusal is how the MDM endpoints say no to a phone. Never 401: a real iPhone removes its MDM
 * profile at once on a 401 and the store loses the phone. A phone we released on purpose hears Apple's
 * `com.apple.unrecognized.device` (403) and unenrols; anything else doubtful is a plain 403 that leaves
 * the real enrolment untouched.
 */
export class DeviceRefusal extends Error {
  constructor(
    readonly reason:
      | 'unknown-identity'
      | 'identity-mismatch'
      | 'not-enrolled'
      | 'enrolled-elsewhere'
      | 'quota'
      | 'released'
      | 'bad-message'
      | 'unsupported-message'
      | 'user-channel-declined',
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }

  get status() {
    // 410 to UserAuthenticate declines the user channel for good, as NanoMDM answers (Apple: "Gone").
    if (this.reason === 'user-channel-declined') return 410;
    return this.reason === 'bad-message' || this.reason === 'unsupported-message' ? 400 : 403;
  }

  body() {
    if (this.reason === 'released') {
      return { code: 'com.apple.unrecognized.device', description: 'The device is no longer managed by this server.', message: '设备已被门店释放' };
    }
    return { code: `lease.${this.reason}`, message: this.message };
  }
}
