import { type DeviceState, modelNumberOf } from './device-state.ts';
import type { PlistDict } from './plist-codec.ts';

/** topicOf is the push topic from the MDM payload; every check-in message carries it. */
function topicOf(state: DeviceState): string {
  const topic = state.enrollment.topic;
  if (!topic) throw new Error('the phone has no MDM payload');
  return topic;
}

/** authenticateMessage is the first check-in: who the phone is (contract fields, DeviceName/Model/ModelName included). */
export function authenticateMessage(state: DeviceState): PlistDict {
  const { hardware, os } = state;
  const message: PlistDict = {
    MessageType: 'Authenticate',
    Topic: topicOf(state),
    UDID: hardware.udid,
    OSVersion: os.version,
    BuildVersion: os.build,
    ProductName: hardware.model.productName,
    SerialNumber: hardware.serialNumber,
    IMEI: hardware.imei1,
    DeviceName: state.deviceName,
    Model: modelNumberOf(state),
    ModelName: 'iPhone',
  };
  if (hardware.meid) message.MEID = hardware.meid;
  return message;
}

/** tokenUpdateMessage hands the server what it needs to wake the phone (Token, PushMagic) and to clear its passcode. */
export function tokenUpdateMessage(state: DeviceState): PlistDict {
  const { pushToken, pushMagic, unlockToken } = state.enrollment;
  if (!pushToken || !pushMagic) throw new Error('the phone has no push token yet');
  const message: PlistDict = {
    MessageType: 'TokenUpdate',
    Topic: topicOf(state),
    UDID: state.hardware.udid,
    Token: pushToken,
    PushMagic: pushMagic,
    AwaitingConfiguration: state.awaitingConfiguration,
  };
  if (unlockToken) message.UnlockToken = unlockToken;
  return message;
}

/** checkOutMessage tells the server the MDM profile was removed (sent only when CheckOutWhenRemoved is set). */
export const checkOutMessage = (state: DeviceState): PlistDict => ({ MessageType: 'CheckOut', Topic: topicOf(state), UDID: state.hardware.udid });
