/**
 * Zapier's throttle and lock on the steps (docs/decisions.md, "Throttle and lock"), kept in one table
 * keyed by step key and applied when the app is assembled (index.ts), so the step modules stay as they are.
 *
 * Throttle: OpnForm counts requests per user and minute (test/recorded/limits--rate-limit-429.json);
 * Zapier counts a step's runs. A step that sends `requests` requests to a limit of L gets L / requests
 * runs a minute per connection (`auth`). Steps with the same request count on the same limit get the same
 * configuration, so they share one window (no `action` in the scope). Polling triggers are left to
 * Zapier's schedule, the hidden dropdowns to the person opening them; hook triggers take no throttle.
 *
 * Lock: the read-then-write steps run one at a time per object (the key names it, from required inputs),
 * per Zapier user, for at most Zapier's 30 s step limit.
 */

/** OpnForm's per-user limits, requests a minute (the recorded 429 exchanges and their headers). */
export const OPNFORM_LIMITS = { open: 100, external: 60, export: 10 } as const;
type OpnFormLimit = keyof typeof OPNFORM_LIMITS;

/** The window OpnForm counts in, seconds. */
export const LIMIT_WINDOW_S = 60;

/**
 * What one run of a step draws on: the limit, and the most requests its ordinary run sends to it (the
 * benchmark's request table, docs/quality.md; the step's cases declare them). `any`: the user's own path,
 * /open or /external, so the lower limit.
 */
interface Draw {
  on: OpnFormLimit | 'any';
  requests: number;
}

const open = (requests: number): Draw => ({ on: 'open', requests });

/** Every create and search, by key. */
const DRAWS: Record<string, Draw> = {
  // 1 request
  create_form: open(1),
  create_workspace: open(1),
  find_member: open(1),
  find_invite: open(1),
  find_form: open(1),
  find_workspace: open(1),
  find_webhook_integration: open(1),
  create_prefilled_link: open(1), // the form read
  // 2: the read that guards a write (a form in the chosen workspace), or a form and a page
  delete_submission: open(2),
  create_webhook_integration: open(2),
  delete_form: open(2),
  invite_member: open(2), // 1 for an invitation; 2 when an account is added (its id and role)
  update_member_role: open(2),
  remove_member: open(2),
  leave_workspace: open(2),
  resend_invite: open(2),
  cancel_invite: open(2),
  duplicate_form: open(2),
  delete_workspace: open(2),
  update_workspace: open(2), // 1 with both a name and an icon
  find_submission: open(2),
  find_submission_by_id: open(2), // found on the first page
  find_export: open(2),
  // 3 and 4
  update_webhook_integration: open(3), // the form, its integrations, the PUT
  delete_webhook_integration: open(3), // the form, its integrations, the DELETE
  update_submission: open(3),
  create_submission: open(4), // 3 on a form with editable submissions
  update_form: open(4),
  // one export POST per run (up to 1000 submissions); its 2 /open requests allow 50
  export_submissions: { on: 'export', requests: 1 },
  api_request: { on: 'any', requests: 1 },
};

/** The throttle of a step that draws `draw`. */
const throttleOf = (draw: Draw) => {
  const limit =
    draw.on === 'any' ? Math.min(OPNFORM_LIMITS.open, OPNFORM_LIMITS.external) : OPNFORM_LIMITS[draw.on];
  return { window: LIMIT_WINDOW_S, limit: Math.floor(limit / draw.requests), scope: ['auth' as const] };
};

/** Zapier stops a step after 30 s: no run holds its object longer, a lost one frees it then. */
const LOCK_TIMEOUT_S = 30;

const lock = (key: string) => ({ key, scope: ['user' as const], timeout: LOCK_TIMEOUT_S });
const input = (field: string) => `{{bundle.inputData.${field}}}`;

/** The team steps share one lock per workspace: each checks the last admin before it writes. */
const team = lock(`workspace-team-${input('workspace_id')}`);

/** The read-then-write steps, by key. */
const LOCKS: Record<string, ReturnType<typeof lock>> = {
  update_form: lock(`form-${input('form_id')}`),
  update_submission: lock(`submission-${input('submission_id')}`),
  update_webhook_integration: lock(`webhook-integration-${input('webhook_integration_id')}`),
  update_workspace: lock(`workspace-${input('workspace_id')}`),
  update_member_role: team,
  remove_member: team,
  leave_workspace: team,
};

type Steps = Record<string, { operation?: Record<string, unknown> }> | undefined;

/** One step with its throttle and lock, when the tables have them. */
const limitedStep = (key: string, step: { operation?: Record<string, unknown> }) => {
  const draw = DRAWS[key];
  const held = LOCKS[key];
  const operation = {
    ...step.operation,
    ...(draw === undefined ? {} : { throttle: throttleOf(draw) }),
    ...(held === undefined ? {} : { lock: held }),
  };
  return { ...step, operation };
};

const limited = (steps: Steps): Steps =>
  steps === undefined
    ? steps
    : Object.fromEntries(Object.entries(steps).map(([key, step]) => [key, limitedStep(key, step)]));

/** The app with each create's and search's throttle and each read-then-write step's lock. */
export const withLimits = <T extends { creates?: unknown; searches?: unknown }>(app: T): T => ({
  ...app,
  creates: limited(app.creates as Steps),
  searches: limited(app.searches as Steps),
});
