import type { FastifyBaseLogger } from 'fastify';
import {
  ONE_CLICK_STEPS,
  type OneClickMode,
  type OneClickPrevalidation,
  type OneClickPrevalidationRequest,
  type OneClickStatusResponse,
  type OneClickStep,
  type OneClickUnlockRequest,
  type IosReleaseRequest,
  OperationStatus,
  oneClickStepLabel,
} from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { IosCommandService } from '../ios-device/ios-command.service.ts';
import type { IosDeviceRepo, IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { IosDeviceService } from '../ios-device/ios-device.service.ts';
import type { IdempotencyKey } from '../../domain/idempotency.ts';
import { type OperationResult, createIosCommandPipeline } from '../ios-device/ios-command-pipeline.ts';
import type { SensitiveActionGuard } from '../store/sensitive-action.ts';
import type { IosReleaseService } from './ios-release.service.ts';
import { type StepFacts, judgeStep } from './one-click-steps.ts';
import type { OneClickUnlockRepo, RunWithSteps } from './one-click-unlock.repo.ts';
import type { OneClickStepRow, RunActor } from './one-click-unlock.table.ts';
import { toRunView } from './one-click-unlock.view.ts';
import type { AbmGatewayPort, ActivationLockPort, RestrictionPort } from './release-ports.ts';

/** A step claimed this long ago without an operation was interrupted (the process died between claim and call). */
const STALE_CLAIM_MS = 2 * 60_000;
const INTERRUPTED = '执行被中断（服务重启或出错），请点击“继续”重试此步骤';

interface Deps {
  db: Db;
  runs: OneClickUnlockRepo;
  devices: IosDeviceService;
  deviceRepo: IosDeviceRepo;
  sensitive: SensitiveActionGuard;
  release: IosReleaseService;
  iosCommands: Pick<IosCommandService, 'unlock' | 'moveToRecycleBin'>;
  restrictions: RestrictionPort;
  activationLock: ActivationLockPort;
  abm: AbmGatewayPort;
  log?: FastifyBaseLogger;
}

const actorOf = (auth: AuthContext): RunActor => ({ clerkId: auth.clerkId, isAdmin: auth.isAdmin, perms: auth.perms, modules: auth.modules });
const authOf = (run: { id: string; storeId: string; actor: RunActor }): AuthContext => ({
  ...run.actor,
  storeId: run.storeId,
  sessionId: `one-click-unlock:${run.id}`,
});
const stepText = (s: Pick<OneClickStepRow, 'position' | 'step'>) => `第 ${s.position + 1} 步「${oneClickStepLabel[s.step]}」`;

/**
 * createOneClickUnlockService releases a paid-off phone in one go (spec §5 one-click unlock). Prevalidation says
 * which steps will run, which are not needed and which cannot run. A run confirms the password once, then its
 * steps run in order, each as the operation its own area would log; an MDM step finishes when the phone answers.
 * `advance` moves a run on: called after start and resume, by the status call and by the job, and safe to call
 * from several processes at once (each move is a conditional UPDATE). A failed step stops the run; resume
 * restarts at that step.
 */
export function createOneClickUnlockService(deps: Deps) {
  const { db, runs } = deps;
  const pipeline = createIosCommandPipeline({ db, devices: deps.devices });

  async function factsFor(auth: AuthContext, device: IosDeviceRow, mode?: OneClickMode): Promise<StepFacts> {
    const { enrollment } = await deps.deviceRepo.mdmCheck(device.id);
    let abmConfigured: Promise<boolean> | undefined;
    return {
      device,
      perms: auth.perms,
      mode,
      pushReady: Boolean(enrollment?.enabled && !enrollment.released && enrollment.tokenHex && !enrollment.pushDead),
      abmConfigured: () => (abmConfigured ??= deps.abm.clientFor(device.storeId).then((c) => c !== null)),
      activationProblem: () => deps.activationLock.cannotTurnOff(device),
    };
  }

  async function prevalidate(auth: AuthContext, device: IosDeviceRow, mode?: OneClickMode): Promise<OneClickPrevalidation> {
    const facts = await factsFor(auth, device, mode);
    const steps = [];
    for (const step of ONE_CLICK_STEPS) steps.push({ step, label: oneClickStepLabel[step], ...(await judgeStep(step, facts)) });
    return { ok: steps.every((s) => s.verdict !== 'cannot'), mode: mode ?? null, steps };
  }

  /** execute starts one step as its own operation; null for a step that finished without one (the recycle bin). */
  async function execute(step: OneClickStep, auth: AuthContext, run: RunWithSteps, key: IdempotencyKey): Promise<OperationResult | null> {
    const id = run.deviceId;
    switch (step) {
      case 'device_unlock':
        return deps.iosCommands.unlock(auth, id, key);
      case 'set_system_restriction':
        return deps.restrictions.setSystemRestriction(auth, id, {}, key);
      case 'turn_off_activation_lock':
        return deps.activationLock.turnOffConfirmed(auth, id);
      case 'abm_unbind':
        return deps.release.abmUnbindConfirmed(auth, id, key);
      case 'remove_main_profile':
        return deps.release.removeMainProfileConfirmed(auth, id, key);
      case 'erase_device':
        // The phone leaves the store: no Return to Service; keep the hirer's eSIM plan.
        return deps.release.eraseConfirmed(auth, id, { preserveDataPlan: true, disallowProximitySetup: false, reenrol: false }, key);
      case 'move_in_recycle_bin':
        await deps.iosCommands.moveToRecycleBin(auth, id, true);
        return null;
    }
  }

  async function fail(run: RunWithSteps, step: OneClickStepRow, reason: string) {
    await runs.finishStep(run.id, step.position, step.status, 'failed', reason);
    await runs.finishRun(run, 'failed', OperationStatus.FAILED, `${stepText(step)}失败：${reason}`);
  }

  /** settle looks at a running step's operation; true when the step finished well and the run may go on. */
  async function settle(run: RunWithSteps, step: OneClickStepRow): Promise<boolean> {
    if (!step.operationLogId) {
      if (step.startedAt && Date.now() - step.startedAt.getTime() > STALE_CLAIM_MS) await fail(run, step, INTERRUPTED);
      return false;
    }
    const op = await runs.operation(step.operationLogId);
    if (!op || op.status === OperationStatus.QUEUED || op.status === OperationStatus.SENT || op.status === OperationStatus.SCHEDULED) return false;
    if (op.status === OperationStatus.DONE) return runs.finishStep(run.id, step.position, 'running', 'done', op.result || null);
    await fail(run, step, op.result || (op.status === OperationStatus.CANCELLED ? '操作已被取消' : '执行失败'));
    return false;
  }

  /** begin judges a pending step again (the phone may have changed since prevalidation), then starts it. */
  async function begin(run: RunWithSteps, step: OneClickStepRow): Promise<boolean> {
    const auth = authOf(run);
    let judged: Awaited<ReturnType<typeof judgeStep>>;
    try {
      const { device } = await deps.devices.load(auth, run.deviceId);
      judged = await judgeStep(step.step, await factsFor(auth, device, run.mode));
    } catch (err) {
      // The device left the clerk's sight, or an outside service could not be asked: stop here, resumable.
      if (!(err instanceof AppError)) deps.log?.error({ err, runId: run.id, step: step.step }, 'one-click unlock could not judge a step');
      await fail(run, step, err instanceof AppError ? err.message : INTERRUPTED);
      return false;
    }
    const { verdict, reason } = judged;
    if (verdict === 'skip') return runs.finishStep(run.id, step.position, 'pending', 'skipped', reason);
    if (verdict === 'cannot') {
      await fail(run, step, reason ?? '无法执行');
      return false;
    }
    const attempt = await runs.claimStep(run.id, step.position);
    if (attempt === null) return false;
    const claimed = { ...step, status: 'running' as const };
    let result: OperationResult | null;
    try {
      // The step's own key, made here and not by a client request: there is no request fingerprint to compare.
      result = await execute(step.step, auth, run, { key: `one-click:${run.id}:${step.position}:${attempt}`, fingerprint: null });
    } catch (err) {
      if (!(err instanceof AppError)) deps.log?.error({ err, runId: run.id, step: step.step }, 'one-click unlock step threw');
      await fail(run, claimed, err instanceof AppError ? err.message : '执行出错，请稍后点击“继续”重试');
      return false;
    }
    if (!result) return runs.finishStep(run.id, step.position, 'running', 'done', null);
    await runs.recordOperation(run.id, step.position, result.operation_log_id);
    return settle(run, { ...claimed, operationLogId: result.operation_log_id });
  }

  /** advance moves a run on as far as it can go now: through finished steps, into the next one, or to its end. */
  async function advance(runId: string): Promise<void> {
    // Each pass finishes or starts one step, so a run never needs more passes than it has steps (twice: settle, then begin).
    for (let pass = 0; pass <= ONE_CLICK_STEPS.length * 2; pass += 1) {
      const run = await runs.get(runId);
      if (run?.status !== 'running') return;
      const step = run.steps.find((s) => s.status !== 'done' && s.status !== 'skipped');
      if (!step) {
        const done = run.steps.filter((s) => s.status === 'done').length;
        await runs.finishRun(run, 'done', OperationStatus.DONE, `结清释放完成：执行 ${done} 步，跳过 ${run.steps.length - done} 步`);
        return;
      }
      if (step.status === 'failed') {
        // The process stopped between failing the step and failing the run: finish the job.
        await runs.finishRun(run, 'failed', OperationStatus.FAILED, `${stepText(step)}失败：${step.reason ?? ''}`);
        return;
      }
      const moved = step.status === 'pending' ? await begin(run, step) : await settle(run, step);
      if (!moved) return;
    }
  }

  const viewOf = (run: RunWithSteps | null) => (run ? toRunView(run) : null);

  return {
    advance,

    async prevalidate(auth: AuthContext, req: OneClickPrevalidationRequest) {
      const { device } = await deps.devices.load(auth, req.device_id);
      return prevalidate(auth, device, req.mode);
    },

    async start(auth: AuthContext, req: OneClickUnlockRequest, key?: IdempotencyKey): Promise<OneClickStatusResponse> {
      const replay = await pipeline.replay(auth, key);
      if (replay) return { run: viewOf(await runs.byOperationLog(replay.operation_log_id)) };
      const { device } = await deps.devices.load(auth, req.device_id);
      const active = await runs.activeForDevice(device.id);
      if (active?.status === 'running') throw new AppError('CONFLICT', '该设备正在执行结清释放，请等待完成');
      const plan = await prevalidate(auth, device, req.mode);
      const blocked = plan.steps.filter((s) => s.verdict === 'cannot');
      if (blocked.length) {
        throw new AppError(
          'CONFLICT',
          `无法执行结清释放：${blocked.map((s) => `${s.label}——${s.reason}`).join('；')}`,
          blocked.map((s) => ({ field: s.step, message: s.reason ?? '' })),
        );
      }
      await deps.sensitive.confirm(auth, req);
      let runId = '';
      try {
        const op = await pipeline.run(auth, device, {
          action: 'one-click-unlock',
          status: OperationStatus.SENT,
          detail: { mode: req.mode, steps: plan.steps.map((s) => ({ step: s.step, verdict: s.verdict })) },
          idempotencyKey: key,
          // The store lets the phone go: its lock ends now, so no erase or re-enrolment on the way locks it again.
          set: { lockIntent: null },
          inTx: async (tx, operationLogId) => {
            runId = await runs.insert(
              tx,
              { storeId: auth.storeId, deviceId: device.id, clerkId: auth.clerkId, mode: req.mode, actor: actorOf(auth), operationLogId },
              plan.steps.map((s, position) => ({
                position,
                step: s.step,
                status: s.verdict === 'skip' ? 'skipped' : 'pending',
                reason: s.verdict === 'skip' ? s.reason : null,
              })),
            );
          },
        });
        if (op.replayed) return { run: viewOf(await runs.byOperationLog(op.operation_log_id)) };
      } catch (err) {
        if (isUniqueViolation(err, 'one_click_unlock_run_active_key')) throw new AppError('CONFLICT', '该设备正在执行结清释放，请等待完成');
        throw err;
      }
      await advance(runId);
      return { run: viewOf(await runs.get(runId)) };
    },

    /** status answers the device's newest run, moving it on first so a watched run does not wait for the job. */
    async status(auth: AuthContext, deviceId: string): Promise<OneClickStatusResponse> {
      await deps.devices.load(auth, deviceId);
      const latest = await runs.latestForDevice(deviceId);
      if (latest?.status === 'running') await advance(latest.id);
      return { run: viewOf(latest ? await runs.get(latest.id) : null) };
    },

    async resume(auth: AuthContext, req: IosReleaseRequest): Promise<OneClickStatusResponse> {
      const { device } = await deps.devices.load(auth, req.device_id);
      const active = await runs.activeForDevice(device.id);
      if (!active) throw new AppError('CONFLICT', '该设备没有可继续的结清释放');
      if (active.status === 'running') throw new AppError('CONFLICT', '结清释放正在执行中，无需继续');
      await deps.sensitive.confirm(auth, req);
      if (!(await runs.reopen(active.id, actorOf(auth), OperationStatus.SENT))) throw new AppError('CONFLICT', '结清释放状态已变化，请刷新后重试');
      await advance(active.id);
      return { run: viewOf(await runs.get(active.id)) };
    },

    /** advanceRunning is the job's pass over every running run. */
    async advanceRunning(limit = 200) {
      const ids = await runs.runningIds(limit);
      for (const id of ids) await advance(id);
      return ids.length;
    },
  };
}
export type OneClickUnlockService = ReturnType<typeof createOneClickUnlockService>;
