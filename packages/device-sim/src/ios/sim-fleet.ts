import { CARRIERS, type CarrierCode, IPHONE_MODELS } from './device-catalog.ts';
import { randomImei, randomSerialNumber, randomUdid } from './device-identifiers.ts';
import { type KeyPool, createKeyPool } from './key-pool.ts';
import { type PushNotice, type PushSource, type SimulatedIphone, type SimulatedIphoneOptions, createSimulatedIphone } from './simulated-iphone.ts';
import type { FetchLike } from './transport.ts';

export interface SimFleetOptions {
  count: number;
  /** profileProvider returns the signed enrolment profile for a serial (one SCEP challenge each). */
  profileProvider: (serialNumber: string, index: number) => Promise<Buffer> | Buffer;
  /** The mock APNs; one listener routes each push to its phone by token. */
  mockApns?: PushSource;
  serverOrigin?: string;
  fetch?: FetchLike;
  dispatcher?: object;
  keyPool?: KeyPool;
  /** Enrolments in flight at once; default 8. */
  concurrency?: number;
  trustedRoots?: Buffer[];
  /** When set, every phone also connects on its own at this interval. */
  pollIntervalMs?: number;
  /** Per-phone overrides (model, OS version, SIMs…). */
  phone?: (index: number) => Partial<SimulatedIphoneOptions>;
  /** Called with each phone just before it enrols (e.g. a locked screen answering NotNow from its first command). */
  beforeEnrol?: (phone: SimulatedIphone, index: number) => void;
}

export interface FleetStats {
  phones: number;
  enrolled: number;
  failedEnrolments: number;
  sessions: number;
  commands: number;
  commandsByType: Record<string, number>;
  statuses: Record<string, number>;
  /** Error results sent plus sessions that ended on an HTTP or network error. */
  errors: number;
}

export interface SimFleet {
  phones: SimulatedIphone[];
  failures: { serialNumber: string; error: string }[];
  /** Wall-clock time the whole fleet took to enrol. */
  enrolmentMs: number;
  stats(): FleetStats;
  stop(): Promise<void>;
}

const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[];

/** uniqueDraw draws values until one is new, so a fleet never repeats a serial, UDID or IMEI. */
function uniqueDraw(seen: Set<string>, draw: () => string): string {
  for (;;) {
    const value = draw();
    if (!seen.has(value)) {
      seen.add(value);
      return value;
    }
  }
}

/** fleetPhoneOptions gives phone `index` distinct identifiers and a spread of models and carriers. */
function fleetPhoneOptions(index: number, seen: Set<string>, options: SimFleetOptions, pool: KeyPool): SimulatedIphoneOptions {
  const model = IPHONE_MODELS[index % IPHONE_MODELS.length];
  return {
    serialNumber: uniqueDraw(seen, () => randomSerialNumber()),
    udid: uniqueDraw(seen, () => randomUdid(model.chipId)),
    model: model.productName,
    imei1: uniqueDraw(seen, () => randomImei(model.typeAllocationCode)),
    imei2: uniqueDraw(seen, () => randomImei(model.typeAllocationCode)),
    sims: [{ carrier: CARRIER_CODES[index % CARRIER_CODES.length] }],
    identityKey: pool.next(),
    fetch: options.fetch,
    dispatcher: options.dispatcher,
    serverOrigin: options.serverOrigin,
    pollIntervalMs: options.pollIntervalMs,
    ...options.phone?.(index),
  };
}

/**
 * createSimFleet builds `count` phones and enrols them a few at a time, sharing a pool of RSA keys. It resolves once
 * every enrolment has finished (failures are listed, not thrown).
 */
export async function createSimFleet(options: SimFleetOptions): Promise<SimFleet> {
  const pool = options.keyPool ?? (await createKeyPool(Math.min(options.count, 8)));
  const seen = new Set<string>();
  const phones = Array.from({ length: options.count }, (_, i) => createSimulatedIphone(fleetPhoneOptions(i, seen, options, pool)));
  const failures: SimFleet['failures'] = [];
  const tally = { sessions: 0, commands: 0, errors: 0, commandsByType: {} as Record<string, number>, statuses: {} as Record<string, number> };
  for (const phone of phones) {
    phone.onCommand((event) => {
      tally.commands += 1;
      tally.commandsByType[event.requestType] = (tally.commandsByType[event.requestType] ?? 0) + 1;
      tally.statuses[event.status] = (tally.statuses[event.status] ?? 0) + 1;
      if (event.status === 'Error') tally.errors += 1;
    });
    phone.onSession((result) => {
      tally.sessions += 1;
      if (result.outcome === 'http-error') tally.errors += 1;
    });
  }

  let byToken = new Map<string, SimulatedIphone>();
  const route = (push: PushNotice) => {
    if (!byToken.has(push.token)) byToken = new Map(phones.flatMap((p) => (p.pushToken ? [[p.pushToken, p] as const] : [])));
    byToken.get(push.token)?.deliverPush(push);
  };
  const detach = options.mockApns?.onPush(route);

  const started = performance.now();
  let nextIndex = 0;
  const worker = async () => {
    for (let i = nextIndex++; i < phones.length; i = nextIndex++) {
      const phone = phones[i];
      try {
        options.beforeEnrol?.(phone, i);
        await phone.enroll(await options.profileProvider(phone.serialNumber, i), options.trustedRoots);
        if (options.pollIntervalMs) phone.startPolling();
      } catch (err) {
        failures.push({ serialNumber: phone.serialNumber, error: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, phones.length) }, worker));
  const enrolmentMs = performance.now() - started;

  return {
    phones,
    failures,
    enrolmentMs,
    stats: () => ({
      phones: phones.length,
      enrolled: phones.filter((p) => p.enrollmentStatus === 'enrolled').length,
      failedEnrolments: failures.length,
      sessions: tally.sessions,
      commands: tally.commands,
      commandsByType: { ...tally.commandsByType },
      statuses: { ...tally.statuses },
      errors: tally.errors,
    }),
    stop: async () => {
      detach?.();
      await Promise.all(phones.map((p) => p.stop()));
    },
  };
}
