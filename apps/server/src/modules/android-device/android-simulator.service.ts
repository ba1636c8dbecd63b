import type { AndroidSimulatorView } from '@lease/shared';
import { notFound } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { AndroidDeviceService } from './android-device.service.ts';

/** SimulatedAndroidPhones is the port to the simulated agents this process runs (the demo's); the composition root hands it in. */
export interface SimulatedAndroidPhones {
  /** view is what the simulated phone with this device id shows, or null when this process runs no such phone. */
  view(deviceId: string): AndroidSimulatorView | null;
}

/**
 * createAndroidSimulatorService answers the console's 模拟设备 tab: a phone the caller may see (devices.load: the
 * store's, and only their own without Ea2), marked simulated, whose agent runs in this process. Anything else is
 * 404, as the route itself is without dev tools.
 */
export function createAndroidSimulatorService({ devices, phones }: { devices: Pick<AndroidDeviceService, 'load'>; phones: SimulatedAndroidPhones }) {
  return {
    async view(auth: AuthContext, id: string): Promise<AndroidSimulatorView> {
      const { device } = await devices.load(auth, id);
      const view = device.isSimulated ? phones.view(device.id) : null;
      if (!view) throw notFound('这台设备不是本服务器运行的模拟设备');
      return view;
    },
  };
}
export type AndroidSimulatorService = ReturnType<typeof createAndroidSimulatorService>;
