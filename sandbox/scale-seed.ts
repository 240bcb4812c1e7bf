/**
 * The scale seed (`npm run bench -- --scale`, issue 33): the default seed plus one big account of a
 * chosen size, built in about a second whatever the size. One workspace ("Big Agency") holds `forms`
 * forms; the first is the big form, `questions` text questions with `submissions` submissions whose
 * answers (100 characters each) are not stored but made from the submission's id when read (100,000
 * submissions of 500 questions would be ~5 GB materialised); ten webhook integrations of the big form
 * share `events` delivery events (every other one failed); the workspace has `members` members. The big
 * form's oldest submissions past the newest `PARTIALS_BEYOND` are partial (`PARTIAL_SUBMISSIONS` at most).
 * Everything else (lists, pages, searches, exports) is the sandbox's own code reading this state.
 */

import { IDS, type SandboxIds, seed, TOKENS } from './seed';
import { formRecord, isoOf, workspaceRecord } from './seeds/builders';
import { SEED_END } from './seeds/main-submissions';
import type { Block, Form, IntegrationEvent, SandboxState, Submission } from './state';

export interface ScaleSize {
  forms: number;
  questions: number;
  submissions: number;
  /** Delivery events in all, shared by the big form's ten webhook integrations. */
  events: number;
  members: number;
}

export const SCALE_IDS = {
  workspaceId: 900,
  bigFormId: 10_000,
  bigFormSlug: 'big-survey',
  firstIntegrationId: 7000,
  integrations: 10,
  firstMemberUserId: 1000,
  firstSubmissionId: 1_000_000,
};

export type ScaleIds = SandboxIds & {
  scale: typeof SCALE_IDS & {
    /** The big form's question ids, in order. */
    questions: string[];
    /** The newest submission of the big form, and the one `min(submissions, 3000) - 50` places older. */
    newestSubmissionId: number;
    deepSubmissionId: number;
    /** The last form's slug. */
    lastFormSlug: string;
  };
};

/** Each answer's length (the "answers of 100 characters"). */
export const ANSWER_LENGTH = 100;
const FILLER = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor '.repeat(3);

/** The answer of submission `id` to question number `q`: 100 characters, distinct per submission. */
export const answerOf = (id: number, q: number): string => {
  const head = `answer ${id}.${q} `;
  return head + FILLER.slice(0, ANSWER_LENGTH - head.length);
};

const questionId = (q: number) => `00000000-0000-4000-b000-${String(q).padStart(12, '0')}`;
const uuidOf = (id: number) => `00000000-0000-4000-a000-${String(id).padStart(12, '0')}`;

/**
 * Partial submissions (New Partial Submission's poll and Transfer, issue 33): the big form's oldest, as
 * wide as the others, only beyond the newest 6,000, deeper than any other step reads (Find Submission's
 * window of 3000, Export's newest 5000, Update's 450 deep), so what those read is unchanged: 1,000 at
 * the big size, none at the small ones.
 */
export const PARTIALS_BEYOND = 6_000;
export const PARTIAL_SUBMISSIONS = 1_000;

/** How many submissions' answers a seed keeps once made (a page or an export chunk reads them again). */
const RECENT = 256;

/**
 * A stored submission whose answers are made when read; an edit (assigning `answers`) is kept as
 * for any other submission.
 */
class SyntheticSubmission implements Submission {
  uuid: string;
  status: Submission['status'] = 'completed';
  completion_time: number | null = 42;
  attribution = null;
  updated_at: string;
  private stored: Record<string, unknown> | undefined;
  constructor(
    readonly id: number,
    readonly form_id: number,
    private readonly questions: number,
    public created_at: string,
    /** Answers made lately, by submission id (oldest first), shared by the seed's submissions. */
    private readonly recent: Map<number, Record<string, unknown>>,
  ) {
    this.uuid = uuidOf(id);
    this.updated_at = created_at;
  }
  get answers(): Record<string, unknown> {
    if (this.stored !== undefined) return this.stored;
    const { recent } = this;
    const made = recent.get(this.id);
    if (made !== undefined) return made;
    const answers: Record<string, unknown> = {};
    for (let q = 0; q < this.questions; q += 1) answers[questionId(q)] = answerOf(this.id, q);
    // an export reads each cell through `answers`: the last few hundred made are kept
    if (recent.size >= RECENT) recent.delete(recent.keys().next().value as number);
    recent.set(this.id, answers);
    return answers;
  }
  set answers(value: Record<string, unknown>) {
    this.stored = value;
  }
}

const textBlocks = (count: number): Block[] =>
  Array.from({ length: count }, (_, q) => ({
    id: questionId(q),
    type: 'text',
    name: `Question ${q + 1}`,
    required: false,
  }));

/** The default seed (a few submissions) plus the big account of `size`. */
export const scaleSeed = (size: ScaleSize, now = Date.now()) => {
  const { state, ids } = seed({ submissions: 20, largeFormSubmissions: 20 }, now);
  const created = isoOf(SEED_END - 400 * 86_400_000);
  const S = SCALE_IDS;
  const memberIds = Array.from({ length: Math.max(0, size.members - 1) }, (_, i) => S.firstMemberUserId + i);
  for (const id of memberIds)
    state.users.push({ id, name: `Member ${id}`, email: `member${id}@example.org`, created_at: created });
  state.workspaces.push(
    workspaceRecord(
      S.workspaceId,
      'Big Agency',
      '🏢',
      'pro',
      [
        { userId: IDS.adminUserId, role: 'admin' },
        ...memberIds.map((userId) => ({ userId, role: 'user' as const })),
      ],
      created,
    ),
  );
  const formTime = (i: number) => isoOf(SEED_END - (size.forms - i) * 60_000);
  const forms: Form[] = Array.from({ length: size.forms }, (_, i) => {
    const id = S.bigFormId + i;
    const big = i === 0;
    return formRecord(
      {
        id,
        workspace_id: S.workspaceId,
        creator_id: IDS.adminUserId,
        slug: big ? S.bigFormSlug : `client-form-${id}`,
        title: big ? 'Big Survey' : `Client Form ${id}`,
      },
      textBlocks(big ? size.questions : 10),
      // one created a minute up to the seed's end, none edited since
      { created_at: formTime(i), updated_at: formTime(i) },
    );
  });
  state.forms.push(...forms);

  // oldest first (the insertion order), one a minute up to the seed's end: the list sorts newest first
  const recent = new Map<number, Record<string, unknown>>();
  const submissions: Submission[] = Array.from(
    { length: size.submissions },
    (_, k) =>
      new SyntheticSubmission(
        S.firstSubmissionId + k,
        S.bigFormId,
        size.questions,
        isoOf(SEED_END - (size.submissions - k) * 60_000),
        recent,
      ),
  );
  const partials = Math.min(PARTIAL_SUBMISSIONS, Math.max(0, size.submissions - PARTIALS_BEYOND));
  for (const partial of submissions.slice(0, partials)) {
    partial.status = 'partial';
    partial.completion_time = null;
  }
  state.submissions.push(...submissions);
  state.next.submission = S.firstSubmissionId + size.submissions;
  state.next.form = S.bigFormId + size.forms;
  state.next.user = S.firstMemberUserId + memberIds.length;

  for (let n = 0; n < S.integrations; n += 1)
    state.integrations.push({
      id: S.firstIntegrationId + n,
      form_id: S.bigFormId,
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: `https://hooks.example.com/big/${n}` },
      created_at: created,
      updated_at: created,
    });
  state.next.integration = S.firstIntegrationId + S.integrations;
  const failed = (n: number) => ({
    message: `cURL error 7: Failed to connect to hooks.example.com port 443 after 3 ms: Couldn't connect to server (delivery ${n})`,
  });
  // oldest first, one every 10 seconds, the integrations in turn; each one's events fail and succeed in turn
  const fails = (k: number) => Math.floor(k / S.integrations) % 2 === 0;
  state.integrationEvents = Array.from(
    { length: size.events },
    (_, k): IntegrationEvent => ({
      id: k + 1,
      integration_id: S.firstIntegrationId + (k % S.integrations),
      status: fails(k) ? 'error' : 'success',
      data: fails(k) ? failed(k) : {},
      created_at: isoOf(SEED_END - (size.events - k) * 10_000),
    }),
  );

  const newest = S.firstSubmissionId + size.submissions - 1;
  const scaleIds: ScaleIds = {
    ...ids,
    scale: {
      ...S,
      questions: textBlocks(size.questions).map((b) => b.id),
      newestSubmissionId: newest,
      deepSubmissionId: Math.max(
        S.firstSubmissionId,
        newest - Math.max(0, Math.min(size.submissions, 3000) - 50),
      ),
      lastFormSlug: forms.at(-1)?.slug ?? S.bigFormSlug,
    },
  };
  return { state: state as SandboxState, ids: scaleIds, tokens: TOKENS };
};
