/**
 * Forms as a real OpnForm server answers them (recorded: `forms--*.json`): the full form with every
 * column, `removed_properties`, `is_closed`, `submissions_count` and the embedded workspace; the
 * deprecated bare list of every form; create and update validated like OpnForm (every required key,
 * per-block errors, validation before authorization); update replaces the whole form; delete.
 * `intBooleans` serves the boolean columns as 0/1 in reads, as a server on sqlite or MySQL does
 * (recordings' artefact 1); create and update answers echo what was sent.
 */

import { ARRAY_COLUMNS, PURIFIED_COLUMNS, STORED, TYPED, VALIDATED_KEYS } from '../form-columns';
import type { RouteKit } from '../kit';
import { Reply, UNAUTHORIZED } from '../reply';
import { asRecord, param as p } from '../route-context';
import { stableUuid } from '../seed';
import type { Block, Form } from '../state';
import { hasPassword, unlocked } from '../submission-rules';
import { createFormViews } from '../views/forms';
import { prefilledPage } from '../views/prefilled';
import { loadedWorkspaceJson } from '../views/workspaces';

export { INT_BOOLEAN_COLUMNS } from '../form-columns';

export interface FormOptions {
  /** Serve the boolean columns below as 0/1 in form reads (sqlite/MySQL). Default false (true/false). */
  intBooleans?: boolean;
  /** Self-hosted: a `payment` block is refused with 422 (recordings' artefact 5). */
  selfHosted?: boolean;
}

/** Blocks a workspace without the `custom_code` feature may not have: dropped on save (as recorded). */
const withoutCodeBlocks = (blocks: Block[]) => blocks.filter((b) => b.type !== 'nf-code');

/** Required on create (in OpnForm's order); update requires the same but `workspace_id`. */
const REQUIRED = [
  'title',
  'visibility',
  'language',
  'theme',
  'presentation_style',
  'width',
  'size',
  'border_radius',
  'dark_mode',
  'color',
  'uppercase_labels',
  'no_branding',
  'transparent_background',
  'properties',
  'workspace_id',
];
const VISIBILITIES = ['public', 'draft', 'closed'];

const isEmptyObject = (value: unknown) =>
  asRecord(value) !== undefined && Object.keys(value as object).length === 0;
export const formRoutes = (kit: RouteKit, options: FormOptions = {}) => {
  const { state, route } = kit;

  const { computed, fullForm, guestForm, isIntColumn } = createFormViews(
    kit,
    kit.origin,
    options.intBooleans,
  );

  /**
   * The views for a list of forms: completed submissions counted in one pass for the request, not once
   * per form (5,000 forms of the scale benchmark over 100,000 submissions).
   */
  const listViews = () => {
    const counts = new Map<number, number>();
    for (const s of state.submissions)
      if (s.status === 'completed') counts.set(s.form_id, (counts.get(s.form_id) ?? 0) + 1);
    return createFormViews(
      { state, workspaceOfForm: kit.workspaceOfForm, completed: (f) => counts.get(f.id) ?? 0 },
      kit.origin,
      options.intBooleans,
    );
  };

  const customSlug = (body: Record<string, unknown>) =>
    options.selfHosted && typeof body.slug === 'string' && body.slug.trim() !== '' ? body.slug : undefined;
  /**
   * The validated keys of a create body as the model keeps them: a form read and posted back
   * (forms--duplicate-form #7) loses `id`, `share_url` and the other read-only keys; an empty object
   * in an array column becomes `[]`, a purified text sent as null becomes "".
   */
  const validatedOf = (body: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => VALIDATED_KEYS.has(k) && k !== 'slug')
        .map(([k, v]) => [
          k,
          ARRAY_COLUMNS.includes(k) && isEmptyObject(v)
            ? []
            : PURIFIED_COLUMNS.includes(k) && v === null
              ? ''
              : v,
        ]),
    );
  /** OpnForm's validation of a create or update body (runs before authorization). */
  const validate = (body: Record<string, unknown>, target: Form | undefined) => {
    const errors: Record<string, string[]> = {};
    const required = target === undefined ? REQUIRED : REQUIRED.filter((k) => k !== 'workspace_id');
    for (const key of required) {
      const value = body[key];
      if (value === undefined || value === null || value === '')
        errors[key] = [`The ${key.replace(/_/g, ' ')} field is required.`];
    }
    if (errors.visibility === undefined && !VISIBILITIES.includes(String(body.visibility)))
      errors.visibility = ['The selected visibility is invalid.'];
    // OpnForm: 'closes_at' => 'date|nullable', 'max_submissions_count' => 'integer|nullable|min:1'
    const closesAt = body.closes_at;
    if (closesAt !== undefined && closesAt !== null && Number.isNaN(Date.parse(String(closesAt))))
      errors.closes_at = ['The closes at field must be a valid date.'];
    const max = body.max_submissions_count;
    if (max !== undefined && max !== null) {
      if (!Number.isInteger(typeof max === 'string' && /^-?\d+$/.test(max) ? Number(max) : max))
        errors.max_submissions_count = ['The max submissions count field must be an integer.'];
      else if (Number(max) < 1)
        errors.max_submissions_count = ['The max submissions count field must be at least 1.'];
    }
    if (typeof body.slug === 'string' && target !== undefined) {
      const owner = state.forms.find((x) => x.slug === body.slug);
      if (owner !== undefined && owner.id !== target.id)
        errors.slug = ['This slug is already in use. Please choose another one.'];
    }
    // a create's custom slug: self-hosted only (CustomSlugRule; OpnForm Cloud ignores it)
    const custom = customSlug(body);
    if (target === undefined && custom !== undefined) {
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(custom))
        errors.slug = ['The custom slug can only contain lowercase letters, numbers, and hyphens.'];
      else if (state.forms.some((x) => x.slug === custom))
        errors.slug = ['This slug is already in use. Please choose another one.'];
    }
    if (errors.properties === undefined && !Array.isArray(body.properties))
      errors.properties = ['The properties field must be an array.'];
    const blocks = Array.isArray(body.properties) ? body.properties : [];
    let blockErrors = false;
    blocks.forEach((raw, i) => {
      const block = asRecord(raw) ?? {};
      const n = i + 1;
      if (typeof block.id !== 'string' || block.id === '') {
        errors[`properties.${i}.id`] = [`The form block number ${n} is missing an id.`];
        blockErrors = true;
      }
      if (typeof block.name !== 'string' || block.name === '') {
        errors[`properties.${i}.name`] = [`The form block number ${n} is missing a name.`];
        blockErrors = true;
      }
      if (options.selfHosted && block.type === 'payment') {
        errors[`properties.${i}.type`] = [
          'Payment block is not allowed on self hosted. Please use our hosted version.',
        ];
        blockErrors = true;
      }
    });
    if (blockErrors) errors.properties = ['One or more properties have validation errors.'];
    if (Object.keys(errors).length > 0) throw kit.invalid(errors);
  };
  /** The settings of a body, booleans stored as true/false whichever form was sent. */
  const storedColumns = (body: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => STORED.has(k) && !TYPED.has(k))
        .map(([k, v]) => [k, isIntColumn(k) && (v === 0 || v === 1) ? v === 1 : v]),
    );
  /** The boolean columns exactly as the body sent them (create and update answers echo them). */
  const sentBooleans = (body: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(body).filter(([k]) => isIntColumn(k) || k === 'enable_partial_submissions'),
    );
  const typedFrom = (body: Record<string, unknown>) => ({
    title: String(body.title),
    visibility: body.visibility as Form['visibility'],
    tags: Array.isArray(body.tags) ? body.tags.map(String) : [],
    properties: withoutCodeBlocks(body.properties as Block[]),
    editable_submissions: body.editable_submissions === true || body.editable_submissions === 1,
    enable_partial_submissions:
      body.enable_partial_submissions === true || body.enable_partial_submissions === 1,
    // stored as a date: answers show it with an offset (`2026-01-01T00:00:00Z` -> `...+00:00`)
    closes_at:
      typeof body.closes_at === 'string' && body.closes_at !== ''
        ? new Date(body.closes_at).toISOString().replace(/\.\d{3}Z$/, '+00:00')
        : null,
    max_submissions_count: typeof body.max_submissions_count === 'number' ? body.max_submissions_count : null,
  });

  route('GET', '/open/workspaces/:id/forms', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    kit.need(ctx, 'forms-read');
    kit.memberOf(ctx, w);
    const forms = state.forms
      .filter((f) => f.workspace_id === w.id)
      .sort((a, b) => (a.updated_at === b.updated_at ? a.id - b.id : a.updated_at < b.updated_at ? 1 : -1));
    // per_page above 100 is capped silently; the links keep the query as sent
    const page = kit.paginate(forms, ctx.query, `/open/workspaces/${w.id}/forms`, 10, true, 100);
    return { ...page, data: page.data.map(listViews().formSummary) };
  });
  /** Deprecated: every form of every workspace of the user, full forms, a bare array. */
  route('GET', '/open/forms', 'open', (ctx) => {
    kit.need(ctx, 'forms-read');
    const views = listViews();
    return state.forms
      .filter((f) => kit.roleIn(kit.workspaceOfForm(f), ctx.token.userId) !== undefined)
      .map((f) => ({
        ...views.fullForm(f, ctx.token.userId, true, false),
        extra: {
          loadedWorkspace: loadedWorkspaceJson(kit.workspaceOfForm(f), ctx.token.userId),
          workspaceHasBrandingRemoval: false,
          userIsOwner: f.creator_id === ctx.token.userId,
        },
      }));
  });
  route('GET', '/open/forms/:form', 'open', (ctx) => {
    const f = kit.formOr404(p(ctx, 0));
    kit.need(ctx, 'forms-read', 'manage-integrations');
    kit.memberOf(ctx, kit.workspaceOfForm(f));
    return fullForm(f, ctx.token.userId);
  });
  route('POST', '/open/forms', 'open', (ctx) => {
    const body = asRecord(ctx.body) ?? {};
    validate(body, undefined);
    kit.need(ctx, 'forms-write');
    const w = state.workspaces.find((x) => String(x.id) === String(body.workspace_id));
    const role = w === undefined ? undefined : kit.roleIn(w, ctx.token.userId);
    if (w === undefined || role === undefined || role === 'readonly') throw UNAUTHORIZED();
    const id = state.next.form++;
    const at = kit.nowIso();
    const sent = validatedOf(body);
    const slugBase = String(body.title)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const f: Form = {
      id,
      workspace_id: w.id,
      creator_id: ctx.token.userId,
      slug: customSlug(body) ?? `${slugBase || 'form'}-${stableUuid(`form:${id}`).slice(0, 6)}`,
      views_count: 0,
      created_at: at,
      updated_at: at,
      ...typedFrom(body),
      // as recorded, a create keeps no `description` (a read shows null); an update does keep it
      attributes: { ...storedColumns(sent), description: null },
      removed_properties: [],
    };
    state.forms.push(f);
    const c = computed(f, ctx.token.userId);
    return {
      type: 'success',
      // as recorded (submissions--public-create-refused #0)
      message:
        f.visibility === 'draft'
          ? "Form created. But other people won't be able to see the form since it's currently in draft mode"
          : 'Form created.',
      form: {
        ...sent,
        ...('closes_at' in body ? { closes_at: f.closes_at } : {}),
        properties: f.properties,
        creator_id: f.creator_id,
        slug: f.slug,
        updated_at: at,
        created_at: at,
        id,
        share_url: c.share_url,
        workspace: c.workspace,
        views_count: 0,
        submissions_count: 0,
        redirect_url: c.redirect_url,
        submissions_url: c.submissions_url,
        database_fields_update: c.database_fields_update,
        // not a validated key: the model has none yet
        clear_empty_fields_on_update: null,
        cleanings: [],
        can_be_indexed: sent.can_be_indexed ?? null,
        password: c.password,
        tags: sent.tags ?? null,
        removed_properties: [],
        last_edited_human: c.last_edited_human,
        seo_meta: sent.seo_meta ?? null,
        submission_retention_value: c.submission_retention_value,
        submission_retention_unit: c.submission_retention_unit,
        settings: sent.settings ?? {},
        plan_tier: c.plan_tier,
        is_trialing: false,
        workspace_id: w.id,
        is_closed: c.is_closed,
        is_password_protected: false,
        has_password: hasPassword(f),
        max_number_of_submissions_reached: false,
        form_pending_submission_key: c.form_pending_submission_key,
        max_file_size: c.max_file_size,
        auto_save: sent.auto_save ?? null,
        cover_settings: sent.cover_settings ?? {},
        translations: sent.translations ?? {},
        computed_variables: sent.computed_variables ?? [],
      },
      // `$user->forms()->count() == 1`: the forms they created (orphaned ones included)
      users_first_form: state.forms.filter((x) => x.creator_id === ctx.token.userId).length === 1,
    };
  });
  /** Replaces the whole form: settings not sent fall back to their defaults; dropped blocks are kept aside. */
  route('PUT', '/open/forms/:form', 'open', (ctx) => {
    const f = kit.formOr404(p(ctx, 0));
    const body = asRecord(ctx.body) ?? {};
    validate(body, f);
    kit.need(ctx, 'forms-write');
    kit.canWrite(ctx, f);
    const next = typedFrom(body);
    const kept = new Set(next.properties.map((b) => b.id));
    const removed = [...(f.removed_properties ?? []), ...f.properties].filter((b) => !kept.has(b.id));
    const attributes = storedColumns(body);
    // as recorded: an update stores an empty closed text as "" and empty translations and settings as [] (PHP arrays)
    if (attributes.closed_text === null || attributes.closed_text === undefined) attributes.closed_text = '';
    for (const key of ['translations', 'settings']) if (isEmptyObject(attributes[key])) attributes[key] = [];
    Object.assign(f, next, {
      attributes,
      removed_properties: removed.filter((b, i) => removed.findIndex((x) => x.id === b.id) === i),
      updated_at: kit.nowIso(),
    });
    if (typeof body.slug === 'string' && body.slug !== '') f.slug = body.slug;
    return {
      type: 'success',
      message: 'Form updated.',
      // the answer echoes an empty `seo_meta` as [] (PHP array); a later read shows the stored {}
      form: {
        ...fullForm(f, ctx.token.userId, false),
        ...sentBooleans(body),
        ...(isEmptyObject(body.seo_meta) ? { seo_meta: [] } : {}),
      },
    };
  });
  // OpnForm's own duplicate exists but is not in the token allow-list (forms--duplicate-form #3, #4)
  kit.router.closed('POST', '/open/forms/:form/duplicate');
  /**
   * The public form a respondent loads (`GET /forms/{slug or id}`): 404 with an empty message for a
   * draft, "Form not found." once its workspace is deleted (workspaces--create-update-delete #28);
   * otherwise the guest view (code reading, see `guestForm`).
   */
  kit.router.public('GET', /^\/forms\/([^/]+)$/, 'open', (ctx) => {
    const key = p(ctx, 0);
    const f = state.forms.find((x) => String(x.id) === key || x.slug === key);
    if (f === undefined)
      return kit.fail(404, { message: 'No query results for model [App\\Models\\Forms\\Form].' });
    if (f.visibility !== 'public' && f.visibility !== 'closed') return kit.fail(404, { message: '' });
    if (kit.orphaned(f)) return kit.fail(404, { type: 'error', message: 'Form not found.' });
    const password = ctx.headers['form-password'];
    return guestForm(f, unlocked(f, typeof password === 'string' ? password : undefined));
  });
  /**
   * The front end's public form (`share_url`), pre-filled from the link's query as OpnForm's client
   * reads it (../views/prefilled.ts): what a respondent opening a pre-filled link sees.
   */
  kit.router.page('GET', /^\/forms\/([^/]+)$/, (ctx) => {
    const key = p(ctx, 0);
    const f = state.forms.find((x) => String(x.id) === key || x.slug === key);
    if (f === undefined || (f.visibility !== 'public' && f.visibility !== 'closed') || kit.orphaned(f))
      return kit.fail(404, 'This form does not exist.');
    return new Reply(200, prefilledPage(f, ctx.query), { 'Content-Type': 'text/html; charset=UTF-8' });
  });
  // the version history (forms--update-form-race #16) is not open to tokens: 404, empty message, no
  // rate-limit headers; it is the only place the states a concurrent update overwrote survive
  kit.router.public('GET', /^\/versions\/form\/[^/]+$/, undefined, () => kit.fail(404, { message: '' }));
  route('DELETE', '/open/forms/:form', 'open', (ctx) => {
    const f = kit.formOr404(p(ctx, 0));
    kit.need(ctx, 'forms-write');
    kit.canWrite(ctx, f);
    state.forms = state.forms.filter((x) => x !== f);
    state.integrations = state.integrations.filter((i) => i.form_id !== f.id);
    return { type: 'success', message: 'Form was deleted.' };
  });
};
