/**
 * Reading the in-memory state as the server's models and policies do: lookups with the real
 * server's 404s, a token's abilities, workspace roles, and a form's submissions in list order.
 */
import { inputBlocks, ymdHis } from './format';
import { fail, missing, UNAUTHORIZED } from './reply';
import type { RouteCtx } from './route-context';
import type { Ability, Form, Role, SandboxState, Workspace } from './state';

export const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, '.000000Z');

export const createDb = (state: SandboxState) => {
  const roleIn = (w: Workspace, userId: number): Role | undefined =>
    w.members.find((m) => m.userId === userId)?.role;
  /**
   * A form's workspace. A form whose workspace was deleted stays (forms.workspace_id has no foreign
   * key: workspaces--create-update-delete #26): it gets a stand-in with no members, so every
   * membership check refuses it as the real policies do (403).
   */
  const workspaceOfForm = (f: Form): Workspace =>
    state.workspaces.find((w) => w.id === f.workspace_id) ?? {
      id: f.workspace_id,
      name: '',
      icon: null,
      plan_tier: 'free',
      members: [],
      created_at: f.created_at,
    };
  const formById = (id: number) => state.forms.find((x) => x.id === id) as Form;
  /** 403 unless the token has one of these abilities ("Invalid ability provided." on /external). */
  const need = (ctx: RouteCtx, ...anyOf: Ability[]) => {
    if (!anyOf.some((a) => ctx.token.abilities.includes(a))) {
      throw fail(403, {
        message: ctx.family === 'external' ? 'Invalid ability provided.' : 'This action is unauthorized.',
      });
    }
  };
  const memberOf = (ctx: RouteCtx, w: Workspace): Role => {
    const role = roleIn(w, ctx.token.userId);
    if (role === undefined) throw UNAUTHORIZED();
    return role;
  };
  return {
    state,
    user: (id: number) => state.users.find((u) => u.id === id),
    workspaceOr404: (id: string) => {
      const w = state.workspaces.find((x) => String(x.id) === id);
      if (w === undefined) throw missing('Workspace', id);
      return w;
    },
    formOr404: (key: string) => {
      const f = state.forms.find((x) => String(x.id) === key || x.slug === key);
      // by id the model's key is named; by slug it is not (recorded: forms--get-form)
      if (f === undefined)
        throw /^\d+$/.test(key)
          ? missing('Forms\\Form', key)
          : fail(404, { message: 'No query results for model [App\\Models\\Forms\\Form].' });
      return f;
    },
    /** A form known to exist (a submission's or an export job's). */
    formById,
    /** A form whose workspace was deleted (no user reaches it any more). */
    orphaned: (f: Form) => !state.workspaces.some((w) => w.id === f.workspace_id),
    roleIn,
    workspaceOfForm,
    need,
    /** The token user's role in `w`; 403 when not a member. */
    memberOf,
    /** `workspaces-write` and the admin role (WorkspacePolicy); 403 "This action is unauthorized." otherwise. */
    workspaceAdmin: (ctx: RouteCtx, w: Workspace) => {
      need(ctx, 'workspaces-write');
      if (roleIn(w, ctx.token.userId) !== 'admin') throw UNAUTHORIZED();
    },
    /** 403 unless the token user may change form `f` (a member who is not read-only). */
    canWrite: (ctx: RouteCtx, f: Form) => {
      if (memberOf(ctx, workspaceOfForm(f)) === 'readonly') throw UNAUTHORIZED();
    },
    /** `FormPolicy::manageIntegrations`: a writer of the form, with a token that may manage integrations. */
    manageIntegrations: (ctx: RouteCtx, f: Form) => {
      const role = roleIn(workspaceOfForm(f), ctx.token.userId);
      if (role === undefined || role === 'readonly') throw UNAUTHORIZED();
      if (!ctx.token.abilities.includes('manage-integrations')) throw UNAUTHORIZED();
    },
    /** `Form::submissions_count`: the completed submissions stored (queued answers do not count). */
    completed: (f: Form) =>
      state.submissions.filter((s) => s.form_id === f.id && s.status === 'completed').length,
    submissionsOf: (formId: number) =>
      state.submissions
        .filter((s) => s.form_id === formId)
        // newest first; the real server leaves ties (same second) in insertion order (submissions--list.json)
        .sort((a, b) =>
          ymdHis(a.created_at) === ymdHis(b.created_at) ? a.id - b.id : a.created_at < b.created_at ? 1 : -1,
        ),
    /** Hidden questions with a prefill and no answer get the prefill (external--hook-delivery-every-block.json). */
    hiddenPrefills: (f: Form, answers: Record<string, unknown>) =>
      Object.fromEntries(
        inputBlocks(f)
          .filter((b) => b.hidden && typeof b.prefill === 'string' && b.prefill !== '' && !(b.id in answers))
          .map((b) => [b.id, b.prefill]),
      ),
  };
};

export type Db = ReturnType<typeof createDb>;
