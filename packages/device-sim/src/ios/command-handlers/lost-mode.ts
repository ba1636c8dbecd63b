import { SHENZHEN } from '../device-state.ts';
import { stringOf } from '../plist-codec.ts';
import { type CommandHandler, type HandlerTable, acknowledged, failed, formatError } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';

/** inLostMode runs a handler only while MDM lost mode is on; otherwise iOS answers error 12067. */
const inLostMode =
  (handler: CommandHandler): CommandHandler =>
  (context) =>
    context.state.lostMode.enabled ? handler(context) : failed(MdmErrors.notInLostMode());

/** rfc3339 is the Timestamp form DeviceLocation uses: UTC, whole seconds. */
const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** lostModeHandlers lock the phone with a message, make it ring and report where it is (all supervised-only). */
export const lostModeHandlers: HandlerTable = {
  EnableLostMode: {
    supervisedOnly: true,
    run: ({ state, request }) => {
      const message = stringOf(request, 'Message');
      const phoneNumber = stringOf(request, 'PhoneNumber');
      if (!message && !phoneNumber) return formatError('EnableLostMode needs Message or PhoneNumber');
      state.lostMode = { enabled: true, message, phoneNumber, footnote: stringOf(request, 'Footnote'), soundPlaying: state.lostMode.soundPlaying };
      return acknowledged();
    },
  },
  DisableLostMode: {
    supervisedOnly: true,
    run: inLostMode(({ state }) => {
      state.lostMode = { enabled: false, soundPlaying: false };
      return acknowledged();
    }),
  },
  PlayLostModeSound: {
    supervisedOnly: true,
    run: inLostMode(({ state }) => {
      state.lostMode.soundPlaying = true;
      return acknowledged();
    }),
  },
  DeviceLocation: {
    supervisedOnly: true,
    run: inLostMode(({ state, now }) => {
      const fix = { ...SHENZHEN, ...state.location };
      return acknowledged({
        Latitude: fix.latitude,
        Longitude: fix.longitude,
        HorizontalAccuracy: fix.horizontalAccuracy ?? 65,
        VerticalAccuracy: fix.verticalAccuracy ?? 10,
        Altitude: fix.altitude ?? 0,
        // Negative speed and course mean "unknown" in Core Location; a lost phone lies still.
        Speed: -1,
        Course: -1,
        Timestamp: rfc3339(now),
      });
    }),
  },
};
