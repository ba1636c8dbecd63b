import type { KeyObject } from 'node:crypto';
import { checkOutMessage } from './checkin-messages.ts';
import type { ErrorChainItem, SettingsResultShape } from './command-handlers/index.ts';
import { type DdmDeps, reevaluate, sendStatusReport, syncDeclarations } from './ddm/ddm-client.ts';
import type { BatteryHealth } from './ddm/ddm-state.ts';
import { offeredReleases } from './ddm/ios-releases.ts';
import { advanceSoftwareUpdate } from './ddm/software-update.ts';
import { DeviceFaults } from './device-faults.ts';
import type { DeviceIdentity } from './identity.ts';
import { type IphoneSnapshot, snapshotOf } from './device-snapshot.ts';
import {
  type DeviceOptions,
  type DeviceState,
  type GeoLocation,
  type UnenrollReason,
  createDeviceState,
  eraseAllContent,
  removeManagement,
} from './device-state.ts';
import { type EnrollmentResult, enrollDevice } from './enrolment.ts';
import { eraseByHirer, fetchAbmProfile } from './hirer-actions.ts';
import { type CommandEvent, type SessionResult, runConnectSession } from './mdm-session.ts';
import { type BackoffOptions, SessionRunner } from './session-runner.ts';
import { type FetchLike, type MdmTransport, UNRECOGNIZED_DEVICE, createMdmTransport } from './transport.ts';

/** PushNotice is what a push source tells the phone: the token pushed to (lower-case hex), topic and payload. */
export interface PushNotice {
  token: string;
  topic?: string;
  body: unknown;
}

/** PushSource is anything that announces pushes, such as the mock APNs from startMockApns(). */
export interface PushSource {
  onPush(listener: (push: PushNotice) => void): () => unknown;
}

export interface SimulatedIphoneOptions extends DeviceOptions {
  fetch?: FetchLike;
  /** An undici Dispatcher for global fetch (keep-alive Agent, client certificate). */
  dispatcher?: object;
  /** Send every request to this origin instead of the one in the profile. */
  serverOrigin?: string;
  /** A pre-generated RSA key for the SCEP identity (key pools skip key generation). */
  identityKey?: KeyObject;
  clock?: () => Date;
  /** How often the phone connects on its own once startPolling() is called; default 10 minutes. */
  pollIntervalMs?: number;
  retry?: BackoffOptions;
  /** Shape of the Settings result: Apple's schema ('dictionary', default) or as phones in the field send it ('array'). */
  settingsResultShape?: SettingsResultShape;
  /** Receives the phone's diagnostic lines (4xx answers, dropped pushes, failed re-enrolment). */
  logger?: (line: string) => void;
}

/** iOS 17 introduced the unrecognized-device 403; older phones treat it as any other client error. */
const understandsUnrecognizedDevice = (state: DeviceState) => Number(state.os.version.split('.')[0]) >= 17;

/**
 * SimulatedIphone is an iPhone as an MDM server sees it: it enrols through SCEP and check-in, wakes on pushes or
 * its own timer, runs the commands the server hands it against its state, and reacts to HTTP errors as iOS does.
 */
export class SimulatedIphone {
  private readonly device: DeviceState;
  private readonly faults = new DeviceFaults();
  private readonly transport: MdmTransport;
  private readonly runner: SessionRunner;
  private readonly commandListeners = new Set<(event: CommandEvent) => void>();
  private readonly sessionListeners = new Set<(result: SessionResult) => void>();
  private readonly detachers = new Set<() => unknown>();
  /** Set when our own push arrives while TokenUpdate is still on its way; acted on once enrolled. */
  private earlyPush = false;
  private readonly clock: () => Date;
  readonly diagnostics: string[] = [];

  constructor(private readonly options: SimulatedIphoneOptions) {
    this.device = createDeviceState(options);
    this.clock = options.clock ?? (() => new Date());
    this.transport = createMdmTransport({ fetch: options.fetch, dispatcher: options.dispatcher, serverOrigin: options.serverOrigin, clock: this.clock });
    this.runner = new SessionRunner(
      () => this.session(),
      options.retry,
      (err) => this.note(`session failed: ${String(err)}`),
    );
  }

  get udid(): string {
    return this.device.hardware.udid;
  }

  get serialNumber(): string {
    return this.device.hardware.serialNumber;
  }

  /** pushToken is the lower-case hex APNs token of the current enrolment (cheap, unlike a snapshot). */
  get pushToken(): string | undefined {
    return this.device.enrollment.pushToken?.toString('hex');
  }

  /** identity is the SCEP identity the phone signs with now (it changes when the server renews it). */
  get identity(): Readonly<DeviceIdentity> | undefined {
    return this.device.enrollment.identity;
  }

  get enrollmentStatus(): IphoneSnapshot['enrollment']['status'] {
    return this.device.enrollment.status;
  }

  /** state is a frozen snapshot taken now; read it again after the phone has done something. */
  get state(): Readonly<IphoneSnapshot> {
    return snapshotOf(this.device);
  }

  /** enroll installs an enrolment profile: SCEP, Authenticate, TokenUpdate. It also re-enrols an erased phone. */
  async enroll(profile: Buffer, trustedRoots?: Buffer[]): Promise<EnrollmentResult> {
    const result = await enrollDevice(profile, { state: this.device, transport: this.transport, key: this.options.identityKey, trustedRoots });
    this.runner.resume();
    // A push can beat TokenUpdate's answer back to the phone; mdmd would act on it, so act on it now.
    if (this.earlyPush) this.runner.wake();
    this.earlyPush = false;
    return result;
  }

  /** connect runs one full session (queued behind a running one) and resolves when it ends. */
  connect(): Promise<SessionResult> {
    return this.runner.connect();
  }

  /** attachPush listens to a push source for this phone's token; returns the detach function. */
  attachPush(source: PushSource): () => void {
    const detach = source.onPush((push) => this.deliverPush(push));
    this.detachers.add(detach);
    return () => {
      detach();
      this.detachers.delete(detach);
    };
  }

  /** deliverPush wakes the phone if the push is for its token, topic and PushMagic, as mdmd checks; says whether it was. */
  deliverPush(push: PushNotice): boolean {
    const { enrollment } = this.device;
    if (push.token !== enrollment.pushToken?.toString('hex')) return false;
    if (enrollment.status === 'enrolling') {
      this.earlyPush = true;
      return true;
    }
    if (enrollment.status !== 'enrolled') return false;
    const magic = push.body && typeof push.body === 'object' && 'mdm' in push.body ? push.body.mdm : undefined;
    if (magic !== enrollment.pushMagic || (push.topic !== undefined && push.topic !== enrollment.topic)) {
      this.note(`ignored a push with the wrong PushMagic or topic (${String(magic)}, ${push.topic})`);
      return false;
    }
    this.runner.wake();
    return true;
  }

  startPolling(intervalMs = this.options.pollIntervalMs ?? 10 * 60_000): void {
    this.runner.startPolling(intervalMs);
  }

  /** stop detaches pushes, cancels timers and waits for the session in flight. */
  async stop(): Promise<void> {
    for (const detach of this.detachers) detach();
    this.detachers.clear();
    await this.runner.stop();
  }

  /** whenIdle resolves once no session is running or queued (tests wait on it after a push). */
  whenIdle(): Promise<void> {
    return this.runner.idle();
  }

  /** removeMdmProfile is the user deleting the MDM profile in Settings: CheckOut (if asked for), then unmanaged. */
  async removeMdmProfile(): Promise<void> {
    const { enrollment } = this.device;
    if (enrollment.status !== 'enrolled') throw new Error('the phone is not enrolled');
    const profile = enrollment.profileIdentifier ? this.device.profiles.get(enrollment.profileIdentifier) : undefined;
    if (this.device.supervised && profile?.removalDisallowed) throw new Error('a supervised phone does not let the user remove this MDM profile');
    await this.unenrol('user-removed', true);
  }

  /**
   * eraseByHirer is the hirer erasing or restoring the phone itself: no CheckOut, and Lost Mode goes with management.
   * It waits for the session in flight, so a test knows which commands the phone had before the erase.
   */
  async eraseByHirer(): Promise<void> {
    await this.runner.stop();
    eraseByHirer(this.device);
    this.note('erased by the hirer');
  }

  /** enrolThroughAbm is Setup Assistant on an ABM phone after an erase: MachineInfo to the DEP profile's URL, then its profile. */
  async enrolThroughAbm(profileUrl: string): Promise<EnrollmentResult> {
    return this.enroll(await fetchAbmProfile(this.transport.fetch, this.device, profileUrl));
  }

  onCommand(listener: (event: CommandEvent) => void): () => void {
    this.commandListeners.add(listener);
    return () => this.commandListeners.delete(listener);
  }

  onSession(listener: (result: SessionResult) => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  /** notNowFor locks the screen and defers these RequestTypes (or all) with NotNow until setUserLocked(false). */
  notNowFor(requestTypes: readonly string[] | 'all'): void {
    this.faults.notNowFor(requestTypes);
  }

  /** errorFor makes every command of this type fail with the given error; pass undefined to undo. */
  errorFor(requestType: string, error: ErrorChainItem | undefined): void {
    this.faults.errorFor(requestType, error);
  }

  /** crashAfterReceiving drops the connection after the nth command from now arrives, leaving it unanswered. */
  crashAfterReceiving(n: number): void {
    this.faults.crashAfterReceiving(n);
  }

  /** setUserLocked locks or unlocks the screen; unlocking after a NotNow reconnects, as iOS does. */
  setUserLocked(locked: boolean): void {
    this.faults.userLocked = locked;
    if (!locked && this.faults.deferred) {
      this.faults.deferred = false;
      this.runner.wake();
    }
  }

  clearFaults(): void {
    this.faults.clear();
  }

  setLocation(location: GeoLocation): void {
    this.device.location = { ...this.device.location, ...location };
  }

  setBatteryLevel(level: number): void {
    this.device.batteryLevel = level;
  }

  /** setBatteryHealth changes device.power.battery-health; a subscribed server hears of it after the next session. */
  setBatteryHealth(health: BatteryHealth): void {
    this.device.batteryHealth = health;
  }

  /**
   * tick is time passing on the phone's clock (move the injected clock first): a pending enforced update finishes
   * downloading, or at its deadline installs, and the phone restarts on the new iOS; then it connects and reports
   * the status that changed, as after any wake-up.
   */
  tick(): Promise<SessionResult> {
    return this.runner.connect();
  }

  /**
   * offeredUpdates are the iOS versions Settings › Software Update offers now: released by the phone's clock, runnable
   * on its model, and older than the deferral of an active softwareupdate.settings (iOS 18+, supervised).
   */
  offeredUpdates(): string[] {
    const { hardware, os, ddm } = this.device;
    return offeredReleases({ productName: hardware.model.productName, currentVersion: os.version, now: this.clock(), deferralDays: ddm.deferralDays }).map(
      (r) => r.version,
    );
  }

  /** sendFullStatusReport sends a status report with every subscribed item (iOS 17+ marks it FullReport), as the daily safety sync does. */
  async sendFullStatusReport(): Promise<boolean> {
    if (this.device.enrollment.status !== 'enrolled' || !this.device.ddm.enabled) return false;
    return sendStatusReport(this.ddmDeps(), true);
  }

  private ddmDeps(): DdmDeps {
    return { state: this.device, transport: this.transport, clock: this.clock };
  }

  /** runSoftwareUpdate does what is due of an enforced update before the phone connects. */
  private runSoftwareUpdate(): void {
    if (this.device.enrollment.status !== 'enrolled' || !this.device.ddm.enabled) return;
    const now = this.clock();
    const from = this.device.os.version;
    if (advanceSoftwareUpdate(this.device, now) !== 'installed') return;
    reevaluate(this.device, now);
    this.note(`installed iOS ${this.device.os.version} over ${from} (enforced) and restarted`);
  }

  /** afterSessionDdm syncs when a DeclarativeManagement command asked for it, else reports the status that changed. */
  private async afterSessionDdm(): Promise<void> {
    const { ddm, enrollment } = this.device;
    if (enrollment.status !== 'enrolled' || !ddm.enabled) return;
    try {
      const requested = ddm.syncRequested;
      if (!requested) {
        await sendStatusReport(this.ddmDeps());
        return;
      }
      await syncDeclarations(this.ddmDeps(), requested.declarationsToken);
      if (ddm.syncRequested === requested) ddm.syncRequested = undefined;
    } catch (err) {
      this.note(`declarative management: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private note(line: string): void {
    this.diagnostics.push(`${this.clock().toISOString()} ${line}`);
    if (this.diagnostics.length > 200) this.diagnostics.shift();
    this.options.logger?.(`[${this.serialNumber}] ${line}`);
  }

  /** unenrol drops management; CheckOut goes first when the profile asks for it and the server still knows us. */
  private async unenrol(reason: UnenrollReason, checkOut: boolean): Promise<void> {
    const { enrollment } = this.device;
    if (checkOut && enrollment.checkOutWhenRemoved && enrollment.checkInUrl) {
      const http = await this.transport.put(
        enrollment.checkInUrl,
        'checkin',
        checkOutMessage(this.device),
        enrollment.signMessage ? enrollment.identity : undefined,
      );
      if (http.kind !== 'ok') this.note(`CheckOut was not accepted (${http.kind})`);
    }
    removeManagement(this.device, reason);
    this.runner.halt();
    this.note(`unenrolled: ${reason}`);
  }

  private async session(): Promise<SessionResult> {
    this.runSoftwareUpdate();
    const result = await runConnectSession({
      transport: this.transport,
      state: this.device,
      faults: this.faults,
      clock: this.clock,
      settingsResultShape: this.options.settingsResultShape ?? 'dictionary',
      fetch: this.transport.fetch,
      onCommand: (event) => this.commandListeners.forEach((listener) => listener(event)),
    });
    await this.afterSession(result);
    // A phone that cannot reach its server now does not try its check-in URL either; it syncs on its next session.
    if (result.outcome !== 'http-error') await this.afterSessionDdm();
    this.sessionListeners.forEach((listener) => listener(result));
    return result;
  }

  /** afterSession is where the phone reacts to how the session ended, as a real iPhone would. */
  private async afterSession(result: SessionResult): Promise<void> {
    if (result.outcome === 'idle' || result.outcome === 'after-effect') this.runner.succeeded();
    if (result.outcome === 'after-effect') return this.applyEffect(result.effect);
    if (result.outcome === 'unreadable-command') return this.note(`could not read a command: ${result.detail}`);
    if (result.outcome !== 'http-error') return;
    const { http } = result;
    if (http.kind === 'unauthorized') return this.unenrol('http-401', false);
    if (http.kind === 'client-error' && http.status === 403 && http.errorCode === UNRECOGNIZED_DEVICE && understandsUnrecognizedDevice(this.device)) {
      return this.unenrol('unrecognized-device', false);
    }
    if (http.kind === 'client-error') return this.note(`the server answered HTTP ${http.status}; session stopped: ${http.detail}`);
    const delay = this.runner.retryLater(http.kind === 'server-error' ? http.retryAfterMs : 0);
    this.note(`${http.kind === 'server-error' ? `HTTP ${http.status}` : `network error: ${http.detail}`}; retrying in ${delay} ms`);
  }

  private async applyEffect(effect: Extract<SessionResult, { outcome: 'after-effect' }>['effect']): Promise<void> {
    if (effect.kind === 'unenroll') return this.unenrol('server-removed', true);
    if (effect.kind === 'restart') {
      this.device.counters.reboots += 1;
      // Back from a restart, the phone checks in with its server again.
      return this.runner.wake();
    }
    eraseAllContent(this.device);
    this.runner.halt();
    this.note('erased all content and settings');
    if (!effect.reenrolProfile) return;
    // Activation Lock survives an erase and holds the phone at its screen: Return to Service needs it off (Apple's EraseDevice docs).
    if (this.device.activationLock.enabled) return this.note('Return to Service stopped at the Activation Lock screen');
    // Return to Service: the phone enrols itself again with the profile the EraseDevice command carried.
    await this.enroll(effect.reenrolProfile).catch((err: unknown) => this.note(`Return to Service enrolment failed: ${String(err)}`));
  }
}

/** createSimulatedIphone makes a phone fresh out of the box (supervised by default), not yet enrolled. */
export const createSimulatedIphone = (options: SimulatedIphoneOptions): SimulatedIphone => new SimulatedIphone(options);
