/**
 * The sandbox's own `/__sandbox/*` routes (no token; also under `/api/__sandbox/*`): signed file
 * downloads, submitting and editing as a respondent would, fault switches (optionally targeted by
 * `method` and `path`), and what was hooked, delivered and requested. Export file downloads live
 * with the export routes (sandbox/routes/exports.ts).
 */
import type { Delivery } from '../deliveries';
import { FAULT_KINDS, type Faults } from '../faults';
import type { RouteKit } from '../kit';
import type { FaultKind } from '../options';
import { fail, Reply } from '../reply';
import { asRecord, param as p } from '../route-context';
import type { SandboxIds, SandboxTokens } from '../seed';

export interface ControlParts {
  faults: Faults;
  deliveries: Delivery[];
  tokens: SandboxTokens;
  ids: SandboxIds;
  hooks: (formId?: number) => Array<{ formId: number; hookUrl: string }>;
}

const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);
const stringOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const controlRoutes = (kit: RouteKit, { faults, deliveries, tokens, ids, hooks }: ControlParts) => {
  const { state } = kit;
  const control = kit.router.control;
  control('GET', '/__sandbox/files/:name', true, (ctx) => {
    const file = state.files.get(p(ctx, 0));
    if (!kit.signer.checkSigned(ctx.path, ctx.query) || file === undefined)
      return fail(403, { message: 'Invalid signature.' });
    return new Reply(200, file.content, { 'Content-Type': file.contentType });
  });
  control('POST', /^\/__sandbox\/forms\/(\d+)\/submit$/, false, async ({ params, body }) => {
    const f = state.forms.find((x) => String(x.id) === params[0]);
    if (f === undefined) return fail(404, { message: 'No such form.' });
    const s = await kit.createSubmission(f, asRecord(body.answers) ?? {}, {
      partial: body.partial === true,
      attribution: asRecord(body.attribution) as Record<string, string> | undefined,
    });
    return new Reply(201, { id: s.id });
  });
  control('POST', /^\/__sandbox\/submissions\/(\d+)\/edit$/, false, async ({ params, body }) => {
    const s = await kit.editSubmission(Number(params[0]), asRecord(body.answers) ?? {});
    return { id: s.id };
  });
  control('POST', '/__sandbox/faults', false, ({ body }) => {
    const kind = String(body.kind) as FaultKind;
    if (!FAULT_KINDS.includes(kind))
      return fail(422, { message: 'kind must be one of 429, 500, slow, non-json, drop' });
    faults.add(kind, typeof body.count === 'number' ? body.count : 1, {
      delayMs: numberOr(body.delayMs),
      retryAfter: numberOr(body.retryAfter),
      ...(stringOr(body.method) === undefined ? {} : { method: stringOr(body.method) }),
      ...(stringOr(body.path) === undefined ? {} : { path: stringOr(body.path) }),
    });
    return { faults: faults.list };
  });
  control('DELETE', '/__sandbox/faults', false, () => {
    faults.clear();
    return { faults: faults.list };
  });
  control('GET', '/__sandbox/hooks', false, ({ query }) => {
    const formId = query.get('form_id');
    return hooks(formId === null ? undefined : Number(formId));
  });
  control('GET', '/__sandbox/deliveries', false, () => deliveries);
  control('GET', '/__sandbox/requests', false, () => faults.log);
  control('DELETE', '/__sandbox/requests', false, () => {
    faults.log.length = 0;
    return [];
  });
  // the production mode's queue worker (sandbox/worker.ts): what waits, run it now, pause, resume
  const worker = () => {
    if (kit.worker === undefined)
      throw fail(404, { message: 'This sandbox runs in sync mode: there is no queue worker.' });
    return kit.worker;
  };
  const workerState = () => {
    const w = worker();
    return { paused: w.paused, delayMs: w.delayMs, auto: w.auto, pending: w.pending() };
  };
  control('GET', '/__sandbox/worker', false, workerState);
  control('POST', '/__sandbox/worker/run', false, async () => ({
    ran: await worker().run(),
    ...workerState(),
  }));
  control('POST', '/__sandbox/worker/pause', false, () => {
    worker().pause();
    return workerState();
  });
  control('POST', '/__sandbox/worker/resume', false, async () => ({
    ran: await worker().resume(),
    ...workerState(),
  }));
  control('GET', '/__sandbox', false, () => ({
    baseUrl: `${kit.origin()}/api`,
    mode: kit.worker === undefined ? 'sync' : 'production',
    tokens,
    ids,
  }));
};
