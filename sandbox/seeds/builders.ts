/**
 * Builders the two seeds share (sandbox/seed.ts, the default; sandbox/recorded-seed.ts, the state of
 * the recorded server): stable ids, dates as Laravel stores them, and records with OpnForm's defaults.
 */
import { createHash } from 'node:crypto';
import type { Block, Form, Membership, SandboxState, Submission, Workspace } from '../state';

/** mulberry32: a small deterministic PRNG. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A UUID-shaped id derived from a label (stable across runs). */
export const stableUuid = (label: string): string => {
  const h = createHash('sha256').update(label).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Laravel's stored date-time: ISO 8601 with microseconds (always .000000 here). */
export const isoOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000000Z');

/** A workspace and its members (the first one listed is its creator). */
export const workspaceRecord = (
  id: number,
  name: string,
  icon: string,
  plan_tier: Workspace['plan_tier'],
  members: Membership[],
  created_at: string,
): Workspace => ({ id, name, icon, plan_tier, created_at, members });

/** A public form with OpnForm's defaults; `extra` (stored columns, other values) comes last. */
export const formRecord = (
  head: Pick<Form, 'id' | 'workspace_id' | 'creator_id' | 'slug' | 'title'>,
  properties: Block[],
  times: Pick<Form, 'created_at' | 'updated_at'>,
  extra: Partial<Form> = {},
): Form => ({
  id: head.id,
  workspace_id: head.workspace_id,
  creator_id: head.creator_id,
  slug: head.slug,
  title: head.title,
  visibility: 'public',
  tags: [],
  properties,
  editable_submissions: false,
  enable_partial_submissions: false,
  closes_at: null,
  max_submissions_count: null,
  views_count: 0,
  created_at: times.created_at,
  updated_at: times.updated_at,
  ...extra,
});

/** A submission created and last updated at `at`; completed, no time, no attribution unless said. */
export const submissionRecord = (
  s: Pick<Submission, 'id' | 'uuid' | 'form_id' | 'answers'> & Partial<Submission>,
  at: string,
): Submission => ({
  id: s.id,
  uuid: s.uuid,
  form_id: s.form_id,
  status: s.status ?? 'completed',
  completion_time: s.completion_time ?? null,
  answers: s.answers,
  attribution: s.attribution ?? null,
  created_at: at,
  updated_at: at,
});

/** The state with no integrations, invites or exports unless given. */
export const stateOf = (
  parts: Pick<SandboxState, 'users' | 'tokens' | 'workspaces' | 'forms' | 'submissions' | 'files' | 'next'> &
    Partial<SandboxState>,
): SandboxState => ({
  users: parts.users,
  tokens: parts.tokens,
  workspaces: parts.workspaces,
  forms: parts.forms,
  submissions: parts.submissions,
  integrations: parts.integrations ?? [],
  invites: parts.invites ?? [],
  exports: [],
  files: parts.files,
  next: parts.next,
});
