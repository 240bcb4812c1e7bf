/**
 * The Zapier routes of a real OpnForm server's `/external/zapier/*` (the connector's
 * src/api/zapier.ts): the connection test, workspaces, and the poll of recent submissions with its
 * 5-minute per-form cache. The hook subscribe/unsubscribe routes live with the integrations
 * (sandbox/routes/integrations.ts), whose records they write.
 */
import type { RouteKit } from '../kit';
import type { Form } from '../state';
import { asRecord, type RouteCtx } from './kit';

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
};
