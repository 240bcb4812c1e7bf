/**
 * The Zapier routes of a real OpnForm server's `/external/zapier/*` (the connector's
 * src/api/zapier.ts): the connection test, workspaces, and the poll of recent submissions with its
 * 5-minute per-form cache, and the legacy hook routes: subscribe and unsubscribe (their records are
 * form integrations of type `zapier`, sandbox/routes/integrations.ts) and the forms of a workspace.
 */
import type { RouteKit } from '../kit';
import { fail, UNAUTHORIZED } from '../reply';
import { asRecord, type RouteCtx } from '../route-context';
import type { Form } from '../state';
import { isBlank, urlErrors, urlShapeOk } from './integrations';

export const zapierRoutes = (kit: RouteKit, recentCache: Map<number, { at: number; body: unknown }>) => {
  const { state, route, need, invalid, missing } = kit;
  const pollCacheMs = kit.options.pollCacheMs ?? 300_000;

  route('GET', '/external/zapier/validate', 'external', (ctx) => {
    const u = kit.user(ctx.token.userId);
    return { name: u?.name, email: u?.email };
  });
  route('GET', '/external/zapier/workspaces', 'external', (ctx) => {
    need(ctx, 'workspaces-read');
    return state.workspaces
      .filter((w) => kit.roleIn(w, ctx.token.userId))
      .map((w) => ({ id: w.id, name: w.name }));
  });
  const hookForm = (ctx: RouteCtx): Form => {
    need(ctx, 'manage-integrations');
    const body = asRecord(ctx.body) ?? {};
    const formId = ctx.method === 'GET' ? ctx.query.get('form_id') : body.form_id;
    if (formId === undefined || formId === null || formId === '')
      throw invalid({ form_id: ['The form id field is required.'] });
    if (!/^\d+$/.test(String(formId))) throw invalid({ form_id: ['The form id field must be an integer.'] });
    const f = state.forms.find((x) => x.id === Number(formId));
    if (f === undefined) throw missing('Forms\\Form', String(formId));
    kit.canWrite(ctx, f);
    return f;
  };
  route('GET', '/external/zapier/submissions/recent', 'external', (ctx) => {
    need(ctx, 'manage-integrations');
    const formId = ctx.query.get('form_id');
    // an unknown form is a validation error here (exists rule), not a 404 (external--submissions-recent.json)
    if (formId !== null && formId !== '' && !state.forms.some((x) => String(x.id) === formId))
      throw invalid({ form_id: ['The selected form id is invalid.'] });
    const f = hookForm(ctx);
    // the answer is cached per form for 5 minutes (external--submissions-recent.json); clearCache() empties it
    const cached = recentCache.get(f.id);
    if (cached !== undefined && Date.now() - cached.at < pollCacheMs) return cached.body;
    const newest = kit.submissionsOf(f.id)[0];
    const body = [kit.deliveryPayload(f, newest ?? kit.fakeSubmission(f), { poll: true })];
    if (pollCacheMs > 0) recentCache.set(f.id, { at: Date.now(), body });
    return body;
  });

  // ------------------------------------------------------------ hooks (their records are form integrations)
  /**
   * Form ids the forms table holds: OpnForm soft-deletes a form, so its row (and id) stays. The
   * sandbox removes a deleted form from `state.forms`; it remembers every form id it has seen
   * (and `state.deletedFormIds`) instead.
   */
  const formRows = new Set(state.forms.map((x) => x.id));
  /** `form_id`: required, and an id in the forms table (deleted forms included). */
  const formIdError = (value: unknown): string | undefined => {
    if (isBlank(value)) return 'The form id field is required.';
    for (const x of state.forms) formRows.add(x.id);
    const id =
      typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? Number(value) : NaN;
    const exists = formRows.has(id) || (state.deletedFormIds ?? []).includes(id);
    return exists ? undefined : 'The selected form id is invalid.';
  };
  /**
   * Subscribe and unsubscribe: the ability, `form_id` and `hookUrl` (`hookUrlErrors`), then
   * `firstOrFail()` on the form (a soft-deleted form is 404) and the policy.
   */
  const hookRequest = (ctx: RouteCtx, hookUrlErrors: (url: unknown) => string[]) => {
    need(ctx, 'manage-integrations');
    const body = asRecord(ctx.body) ?? {};
    const errors: Record<string, string[]> = {};
    const formError = formIdError(body.form_id);
    if (formError !== undefined) errors.form_id = [formError];
    const urlProblems = isBlank(body.hookUrl)
      ? ['The hook url field is required.']
      : hookUrlErrors(body.hookUrl);
    if (urlProblems.length > 0) errors.hookUrl = urlProblems;
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const f = state.forms.find((x) => x.id === Number(body.form_id));
    if (f === undefined)
      throw fail(404, { message: 'No query results for model [App\\Models\\Forms\\Form].' });
    kit.manageIntegrations(ctx, f);
    return { f, hookUrl: body.hookUrl };
  };

  route('POST', '/external/zapier/webhook', 'external', (ctx) => {
    const { f, hookUrl } = hookRequest(ctx, (url) =>
      urlErrors(url, 'hook url', kit.options.allowPrivateWebhookUrls ?? true),
    );
    // duplicates are not detected: the same hook twice is two rows and two deliveries
    const at = kit.nowIso();
    state.integrations.push({
      id: state.next.integration++,
      form_id: f.id,
      integration_id: 'zapier',
      status: 'active',
      data: { hook_url: hookUrl },
      logic: {},
      created_at: at,
      updated_at: at,
    });
    return [];
  });

  route('DELETE', '/external/zapier/webhook', 'external', (ctx) => {
    // only `url` here: an http:// hook URL may be unsubscribed
    const { f, hookUrl } = hookRequest(ctx, (url) =>
      typeof url === 'string' && urlShapeOk(url) ? [] : ['The hook url format is invalid.'],
    );
    // every row of the form whose data.hook_url matches, whatever its type
    state.integrations = state.integrations.filter(
      (i) => !(i.form_id === f.id && i.data?.hook_url === hookUrl),
    );
    return [];
  });

  route('GET', '/external/zapier/forms', 'external', (ctx) => {
    need(ctx, 'forms-read');
    const idText = ctx.query.get('workspace_id');
    if (idText === null || idText.trim() === '')
      throw invalid({ workspace_id: ['The workspace id field is required.'] });
    const w = /^\d+$/.test(idText) ? state.workspaces.find((x) => x.id === Number(idText)) : undefined;
    if (w === undefined) throw invalid({ workspace_id: ['The selected workspace id is invalid.'] });
    if (kit.roleIn(w, ctx.token.userId) === undefined) throw UNAUTHORIZED();
    return state.forms
      .filter((f) => f.workspace_id === w.id)
      .sort((a, b) => a.id - b.id)
      .map((f) => ({ id: f.id, name: f.title, label: `${f.title} (${f.slug})` }));
  });
};
