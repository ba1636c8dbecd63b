import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { AgentCommand, AgentPolicy, CheckinResponse, CommandResult, DeviceFacts, EnrollResponse, ServerFrame } from '@lease/shared/agent-protocol';
import { androidRestriction, retryAfterSeconds } from '@lease/shared';
import {
  type AgentState,
  applyPolicy,
  checkLease,
  checkOffline,
  enterPasscode,
  initialState,
  isSelfLock,
  type LockReason,
  locationReport,
  noteContact,
  remember,
} from './agent-state.ts';
import { CHINESE_ANDROID_APPS, type AndroidModel, pickModel, randomAndroidImei, randomAndroidSerial, randomSims } from './android-catalog.ts';
import { type AgentSigner, createAgentSigner } from './agent-signer.ts';
import { AgentSocket, type AgentSocketHooks, WS_PATH } from './agent-socket.ts';
import { type BackoffOptions, createBackoff } from './backoff.ts';
import { runCommand } from './command-handlers.ts';

export interface SimulatedAgentOptions {
  serverUrl: string;
  model?: AndroidModel;
  facts?: Partial<DeviceFacts>;
  /** Clock of the phone's own logic (offline time, passcode back-off); tests move it. Signing uses real time. */
  clock?: () => number;
  /** Keep the state in this JSON file (and resume from it). */
  stateFile?: string;
  /** HTTP poll period while the WebSocket is down. */
  pollMs?: number;
  /** Check-in period (facts, lock state, passcode uses). */
  checkinMs?: number;
  /** Period of the offline watchdog and of re-sending unacknowledged results. */
  tickMs?: number;
  backoff?: BackoffOptions;
  /** Check in right after each (re)connect; a benchmark of thousands may turn it off. */
  checkinOnConnect?: boolean;
  /** Which restriction keys this phone's channel can enforce (default: the catalogue's minimum API level). */
  supported?: (key: string) => boolean;
}

/** The check-in period when the options name none. */
const CHECKIN_MS = 15 * 60_000;

/** LockScreenView is what the hirer sees. */
export interface LockScreenView {
  locked: boolean;
  reason: LockReason;
  message: string;
  phone: string;
  /** The 8-digit challenge to read to the store for an offline code. */
  challenge: string | null;
  /** The last six characters of the device id, so the store can check it has the right phone. */
  device_tail: string;
  /** While wrong codes have blocked entry: milliseconds left. */
  blocked_for_ms: number;
}

export class AgentRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    /** Seconds the server asked to wait before sending again (Retry-After on a 503), when it said. */
    readonly retryAfterS?: number,
  ) {
    super(`agent request refused: ${status} ${body}`);
  }
}

/**
 * SimulatedAndroidAgent speaks /agent/v1 as the real device-owner agent does: it enrols with a one-time token
 * (optionally naming a vendor channel), signs every request with its own P-256 key, holds a WebSocket for
 * pushes (reconnecting with full-jitter backoff and honouring the server's hints), falls back to polling,
 * applies commands and the policy, reports facts and offline-code uses, and locks itself when offline too long
 * or when its lease plan's lock_at passes.
 */
export class SimulatedAndroidAgent extends EventEmitter {
  readonly data: AgentState;
  private signer: AgentSigner;
  private readonly opts: SimulatedAgentOptions;
  private readonly clock: () => number;
  private readonly socket: AgentSocket;
  private running = false;
  private offline = false;
  private clockOffset = 0;
  /** When the server last took a check-in (the phone's clock), and whether the socket was closed by a server's `bye`. */
  private checkedInAt = Number.NEGATIVE_INFINITY;
  private sentAway = false;
  private timers: NodeJS.Timeout[] = [];
  private saveTimer: NodeJS.Timeout | null = null;
  /** Commands run and polls made; connects and refusals are the socket's. Tests and the benchmark read them. */
  private readonly counts = { commands: 0, polls: 0 };

  constructor(opts: SimulatedAgentOptions) {
    super();
    this.opts = opts;
    this.clock = opts.clock ?? Date.now;
    this.socket = new AgentSocket(this.socketHooks(), createBackoff(opts.backoff));
    const saved = opts.stateFile && fs.existsSync(opts.stateFile) ? (JSON.parse(fs.readFileSync(opts.stateFile, 'utf8')) as AgentState) : null;
    if (saved) {
      this.data = saved;
    } else {
      const model = opts.model ?? pickModel();
      const facts: DeviceFacts = {
        serial_number: randomAndroidSerial(),
        imei_1: randomAndroidImei(model),
        imei_2: randomAndroidImei(model),
        meid: '',
        brand: model.brand,
        manufacturer: model.manufacturer,
        model: model.model,
        os_version: model.osVersion,
        sdk_int: model.sdkInt,
        agent_version: 'sim-1.0.0',
        battery_level: Number((0.3 + Math.random() * 0.7).toFixed(2)),
        ...opts.facts,
      };
      this.data = initialState(opts.serverUrl, facts, randomSims(Math.random() < 0.3 ? 2 : 1), 0, this.clock());
      this.data.apps = CHINESE_ANDROID_APPS.slice(0, 3 + Math.floor(Math.random() * 4));
    }
    this.signer = createAgentSigner(this.data.privateKeyPkcs8 ?? undefined);
    this.data.privateKeyPkcs8 = this.signer.privateKeyPkcs8;
  }

  get deviceId(): string | null {
    return this.data.deviceId;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  get stats() {
    return { ...this.socket.stats, ...this.counts };
  }

  /** supported says whether this phone enforces a restriction key: known to the catalogue and within its API level. */
  private supported = (key: string): boolean => {
    if (this.opts.supported) return this.opts.supported(key);
    const entry = androidRestriction(key);
    return Boolean(entry && entry.minApi <= (this.data.facts.sdk_int ?? 34));
  };

  // The signed HTTP calls of /agent/v1.
  /** request sends one signed call; a clock complaint is fixed from the server's time and retried once. */
  async request<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
    if (this.offline) throw new Error('simulated network down');
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (text !== undefined) headers['content-type'] = 'application/json';
    if (this.data.deviceId) headers.authorization = this.signer.authorization(this.data.deviceId, method, path, text, Date.now() + this.clockOffset);
    const res = await fetch(`${this.data.serverUrl}${path}`, { method, headers, body: text });
    const serverTime = res.headers.get('x-server-time');
    if (res.status === 401 && serverTime && !retried) {
      this.clockOffset = Number(serverTime) - Date.now();
      return this.request(method, path, body, true);
    }
    if (!res.ok) {
      const detail = await res.text();
      if (res.status === 403 && this.data.deviceId) this.refusedForGood();
      const retryAfter = retryAfterSeconds(res.headers.get('retry-after')) ?? 0;
      throw new AgentRefused(res.status, detail, res.status === 503 && retryAfter > 0 ? retryAfter : undefined);
    }
    noteContact(this.data, this.clock());
    const type = res.headers.get('content-type') ?? '';
    return (type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer())) as T;
  }

  /** enroll spends the token from the console's QR code; `channel` is set when a vendor SDK provisions the phone. */
  async enroll(token: string, options: { channel?: number; simulated?: boolean } = {}): Promise<EnrollResponse> {
    const res = await this.request<EnrollResponse>('POST', '/agent/v1/enroll', {
      token,
      public_key: this.signer.publicKeySpki,
      ...(options.channel !== undefined ? { channel: options.channel } : {}),
      facts: this.data.facts,
      sims: this.data.sims,
      simulated: options.simulated ?? true,
    });
    this.data.deviceId = res.device_id;
    this.data.passcodeKey = res.passcode_key;
    this.data.channel = res.channel;
    applyPolicy(this.data, res.policy, this.supported, this.clock());
    this.save();
    return res;
  }

  async fetchPolicy(): Promise<AgentPolicy> {
    const policy = await this.request<AgentPolicy>('GET', '/agent/v1/policy');
    applyPolicy(this.data, policy, this.supported, this.clock());
    this.save();
    this.emit('policy', policy);
    return policy;
  }

  /** checkinOnConnect checks in once the socket is up, again after the server's Retry-After while it is busy (3 times at most). */
  private checkinOnConnect(tries = 1) {
    this.checkin().catch((err: unknown) => {
      if (!(err instanceof AgentRefused) || err.retryAfterS === undefined || tries >= 3) return;
      const again = setTimeout(() => this.running && !this.offline && this.checkinOnConnect(tries + 1), err.retryAfterS * 1000 + Math.random() * 1000);
      again.unref();
    });
  }

  /** checkin reports facts and what happened offline; a newer policy (or a self-lock to settle) is then fetched. */
  async checkin(): Promise<CheckinResponse> {
    const uses = [...this.data.passcodeUses];
    const s = this.data;
    const res = await this.request<CheckinResponse>('POST', '/agent/v1/checkin', {
      facts: { battery_level: s.facts.battery_level, agent_version: s.facts.agent_version, os_version: s.facts.os_version },
      sims: s.sims,
      location: locationReport(s, this.clock()),
      installed_apps: s.apps,
      lock_state: { locked: s.lock.locked, epoch: s.lock.epoch, reason: s.lock.reason, ...(s.lock.since ? { since: s.lock.since } : {}) },
      regulated: s.regulated,
      policy_version: s.policyVersion,
      passcode_uses: uses,
      restriction_report: s.restrictionReport,
    });
    s.passcodeUses = s.passcodeUses.filter((u) => !uses.includes(u));
    this.checkedInAt = this.clock();
    if (res.policy_version !== s.policyVersion || (s.lock.locked && isSelfLock(s.lock.reason))) await this.fetchPolicy();
    this.save();
    this.emit('checkin', res);
    return res;
  }

  /** pollCommands is the HTTP fallback: fetch what is pending, run it, report the results. */
  async pollCommands(): Promise<number> {
    this.counts.polls += 1;
    const { commands } = await this.request<{ commands: AgentCommand[] }>('GET', '/agent/v1/commands');
    if (!commands.length) return 0;
    const results = await this.runAll(commands);
    await this.postResults(results);
    if (this.data.released) this.refusedForGood();
    return commands.length;
  }

  private async postResults(results: CommandResult[]) {
    for (let i = 0; i < results.length; i += 100) {
      await this.request('POST', '/agent/v1/results', { results: results.slice(i, i + 100) });
      this.markAcked(results.slice(i, i + 100).map((r) => r.command_id));
    }
  }

  private markAcked(ids: string[]) {
    for (const h of this.data.handled) if (ids.includes(h.id)) h.acked = true;
    this.save();
  }

  /** runAll applies commands once each: a repeat (the server re-serves unanswered ones) gets the first answer again. */
  private async runAll(commands: AgentCommand[]): Promise<CommandResult[]> {
    const results: CommandResult[] = [];
    for (const cmd of commands) {
      const seen = this.data.handled.find((h) => h.id === cmd.id);
      if (seen) {
        results.push(seen.result);
        continue;
      }
      const result = await runCommand(this.data, cmd, {
        now: this.clock(),
        supported: this.supported,
        fetchWallpaper: async (id) => (await this.request<Buffer>('GET', `/agent/v1/wallpapers/${id}`).catch(() => Buffer.alloc(0))).length,
        refreshPolicy: async () => void (await this.fetchPolicy()),
      });
      remember(this.data, result);
      this.counts.commands += 1;
      this.emit('command', cmd, result);
      results.push(result);
    }
    this.save();
    return results;
  }

  // The WebSocket, its reconnects and the agent's timers.
  /** start keeps the WebSocket up, polls while it is down, checks in and watches the offline clock. */
  start() {
    if (!this.data.deviceId) throw new Error('enrol first');
    if (this.running || this.data.released) return;
    this.running = true;
    this.socket.connect();
    const every = (ms: number, fn: () => unknown) => {
      const t = setInterval(() => {
        if (!this.running) return;
        Promise.resolve()
          .then(fn)
          .catch(() => {});
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.opts.pollMs ?? 60_000, () => (this.connected || this.offline ? null : this.pollCommands()));
    every(this.opts.checkinMs ?? CHECKIN_MS, () => (this.offline ? null : this.checkin()));
    every(this.opts.tickMs ?? 60_000, () => this.tick());
  }

  /**
   * tick runs the lease and offline watchdogs, drops a silent socket and re-sends results the server has not
   * acknowledged. When both are due the lease lock wins: its message tells the hirer what to do.
   */
  async tick() {
    const leaseLocked = checkLease(this.data, this.clock());
    if (leaseLocked || checkOffline(this.data, this.clock())) {
      this.emit('offline-lock', this.state().lockScreen);
      this.save();
    }
    // Locked for the lease while reachable: tell the server now. If that fails the periodic check-in reports it.
    if (leaseLocked && !this.offline && this.running) await this.checkin().catch((err: unknown) => this.emit('checkin-failed', err));
    this.socket.dropIfSilent();
    const unacked = this.data.handled.filter((h) => !h.acked).map((h) => h.result);
    if (unacked.length && !this.offline) await this.postResults(unacked);
  }

  private socketHooks(): AgentSocketHooks {
    return {
      serverUrl: () => this.data.serverUrl,
      authorization: () => this.signer.authorization(this.data.deviceId!, 'GET', WS_PATH, undefined, Date.now() + this.clockOffset),
      mayConnect: () => this.running && !this.offline && !this.data.released,
      onOpen: () => {
        noteContact(this.data, this.clock());
        this.emit('connected');
        const unacked = this.data.handled.filter((h) => !h.acked).map((h) => h.result);
        if (unacked.length) this.socket.send({ t: 'result', results: unacked.slice(0, 20) });
        // Back from a server's restart (`bye`) within its check-in period, the phone has nothing to report: what
        // changes on it is reported when it changes, and the socket's connect re-serves every pending command. So the
        // thousands of agents a stopping node sends away do not all check in again on the nodes that take them.
        const unchanged = this.sentAway && !this.data.passcodeUses.length && this.clock() - this.checkedInAt < (this.opts.checkinMs ?? CHECKIN_MS);
        this.sentAway = false;
        if (this.opts.checkinOnConnect !== false && !unchanged) this.checkinOnConnect();
      },
      onFrame: (frame) => {
        noteContact(this.data, this.clock());
        void this.onFrame(frame).catch(() => {});
      },
      onRefused: (status, serverTime) => {
        if (status === 401 && serverTime) this.clockOffset = serverTime - Date.now();
        if (status === 403) this.refusedForGood();
        this.emit('refused', status);
      },
      onReleased: () => this.refusedForGood(),
    };
  }

  private async onFrame(frame: ServerFrame) {
    switch (frame.t) {
      case 'commands': {
        const results = await this.runAll(frame.commands);
        for (let i = 0; i < results.length; i += 20) this.socket.send({ t: 'result', results: results.slice(i, i + 20) });
        return;
      }
      case 'poke':
        await this.pollCommands();
        return;
      case 'ack':
        this.markAcked(frame.ids);
        // A released phone has reported its release: nothing more to say to this server.
        if (this.data.released) this.refusedForGood();
        return;
      case 'bye':
        this.sentAway = true;
        // The socket waits this long before it reconnects; tests read the spread the server asked for.
        this.emit('bye', frame.retry_after_ms);
        return;
      default:
        return;
    }
  }

  /** refusedForGood: the server no longer knows this phone (released or revoked): stop calling it. */
  private refusedForGood() {
    this.data.released = true;
    this.running = false;
    void this.socket.close(true);
    this.save();
    this.emit('released');
  }

  // What tests and demos read and drive.
  /** state is the phone as the hirer and the tests see it. */
  state() {
    const s = this.data;
    return {
      deviceId: s.deviceId,
      channel: s.channel,
      connected: this.connected,
      released: s.released,
      lockScreen: {
        locked: s.lock.locked,
        reason: s.lock.reason,
        message: s.lock.message,
        phone: s.lock.phone,
        challenge: s.lock.challenge,
        device_tail: (s.deviceId ?? '').slice(-6),
        blocked_for_ms: Math.max(0, s.blockedUntil - this.clock()),
      } satisfies LockScreenView,
      lockEpoch: s.lock.epoch,
      regulated: s.regulated,
      restrictions: s.restrictions,
      restrictionReport: s.restrictionReport,
      appRule: s.appRule,
      wallpaper: s.wallpaper,
      policyVersion: s.policyVersion,
      lease: s.lease ?? null,
      /** The lease reminder in the notification shade; the hirer cannot swipe it away. */
      notice: s.notice ?? null,
      pendingPasscodeUses: s.passcodeUses.length,
    };
  }

  /** enterPasscode is the hirer typing an offline code on the lock screen; the use is reported at the next check-in. */
  enterPasscode(code: string) {
    const outcome = enterPasscode(this.data, code, this.clock());
    this.save();
    if (outcome.ok && !this.offline && this.running) this.checkin().catch(() => {});
    return outcome;
  }

  /** dismissNotice is the hirer swiping the lease reminder away: it is an ongoing notification, so nothing goes until a policy drops it. */
  dismissNotice(): boolean {
    return false;
  }

  /** setOnline simulates losing and regaining the network. */
  setOnline(online: boolean) {
    this.offline = !online;
    if (!online) void this.socket.close();
    else this.socket.connect();
  }

  moveTo(latitude: number, longitude: number) {
    this.data.location = { ...this.data.location, latitude, longitude };
  }

  /** stop closes the socket and timers (the phone switched off); state stays for a later start(). */
  async stop() {
    this.running = false;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.socket.close();
    // Only unsaved changes are written: a stopped phone's file is left alone.
    if (this.saveTimer) this.flushSave();
  }

  private save() {
    if (!this.opts.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flushSave(), 200);
    this.saveTimer.unref();
  }

  private flushSave() {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.opts.stateFile) fs.writeFileSync(this.opts.stateFile, JSON.stringify(this.data));
  }
}

export const createSimulatedAndroidAgent = (opts: SimulatedAgentOptions) => new SimulatedAndroidAgent(opts);
