/**
 * The default seed's submissions, drawn from a fixed PRNG: the main form's (every answer type, some
 * partial, files and attribution on some), the large form's (enough for an async export) and three
 * on the free workspace's form; and the files they answer with.
 */
import type { Block, Submission } from '../state';
import { isoOf, prng, stableUuid, submissionRecord } from './builders';
import { COLUMNS, FIELDS, INTERESTS, PLANS } from './main-form';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Margaret', 'Linus', 'Radia', 'Donald'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Thompson', 'Hamilton', 'Torvalds'];

/** Seeded submissions end here and go back one hour each (newest first in id order). */
export const SEED_END = Date.UTC(2026, 9, 1, 12, 0, 0);
export interface SubmissionSeedOptions {
  submissions: number;
  largeFormSubmissions: number;
}

/** A completed submission of the large or the free form. */
const seeded = (
  id: number,
  form_id: number,
  completion_time: number,
  answers: Record<string, unknown>,
  at: number,
) =>
  submissionRecord(
    { id, uuid: stableUuid(`submission:${id}`), form_id, completion_time, answers },
    isoOf(at),
  );

export const seedSubmissions = (
  opts: SubmissionSeedOptions,
  ids: { formId: number; largeFormId: number; freeFormId: number },
  large: Block[],
  free: Block[],
) => {
  const rand = prng(20260527);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const files = new Map<string, { name: string; content: string; contentType: string }>();
  const addFile = (name: string, content: string, contentType: string) => {
    files.set(name, { name, content, contentType });
    return name;
  };

  const submissions: Submission[] = [];
  let nextSubmission = 1;
  let fileSubmissionId = 0;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let i = opts.submissions - 1; i >= 0; i--) {
    const id = nextSubmission++;
    const at = SEED_END - i * 3_600_000;
    const first = pick(FIRST);
    const last = pick(LAST);
    const partial = i % 13 === 5;
    const answers: Record<string, unknown> = {
      [FIELDS.full_name]: `${first} ${last}`,
      [FIELDS.email]: `${first}.${last}${id}@example.com`.toLowerCase(),
    };
    if (!partial) {
      answers[FIELDS.plan] = pick(PLANS);
      answers[FIELDS.subscribe] = rand() < 0.5;
      answers[FIELDS.age] = 18 + Math.floor(rand() * 60);
      answers[FIELDS.rating] = 1 + Math.floor(rand() * 5);
      answers[FIELDS.recommend] = Math.floor(rand() * 11);
      answers[FIELDS.budget] = Math.floor(rand() * 100) * 10;
      answers[FIELDS.interests] = INTERESTS.filter(() => rand() < 0.4);
      answers[FIELDS.satisfaction] = { Support: pick(COLUMNS), Product: pick(COLUMNS) };
      answers[FIELDS.visit_date] = new Date(at - 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
      if (i % 4 === 0)
        answers[FIELDS.stay] = [`${day(at)}T00:00:00+00:00`, `${day(at + 3 * 86_400_000)}T00:00:00+00:00`];
      if (i % 3 === 0)
        answers[FIELDS.comments_rich] = `<p>Loved the ${pick(INTERESTS).toLowerCase()} features</p>`;
      if (i % 5 === 0)
        answers[FIELDS.comments_text] = `Note ${id}: ${pick(['fast', 'slow', 'friendly', 'confusing'])}`;
      if (i % 6 === 0) answers[FIELDS.phone] = `+3361234${String(id).padStart(4, '0')}`;
      if (i % 8 === 0) answers[FIELDS.website] = `https://${last.toLowerCase()}.example.com`;
      if (i % 9 === 0) answers[FIELDS.ticket] = `TKT-${String(id).padStart(6, '0')}`;
      if (i % 10 === 0) answers[FIELDS.payment] = `pi_sandbox_${id}`;
      if (i % 11 === 0) answers[FIELDS.referrer] = 'newsletter';
      if (i % 7 === 0) {
        answers[FIELDS.attachments] = [
          addFile(`receipt-${id}.pdf`, `%PDF-1.4 sandbox receipt ${id}\n`, 'application/pdf'),
          addFile(`photo-${id}.png`, `PNG sandbox photo ${id}`, 'image/png'),
        ];
        answers[FIELDS.signature] = [addFile(`signature-${id}.png`, `PNG signature ${id}`, 'image/png')];
      }
    }
    const attribution =
      i % 5 === 0
        ? {
            utm_source: pick(['google', 'newsletter', 'twitter']),
            utm_medium: 'cpc',
            utm_campaign: `spring-${id % 3}`,
          }
        : null;
    if (!partial && i % 7 === 0 && attribution !== null) fileSubmissionId = id;
    submissions.push(
      submissionRecord(
        {
          id,
          uuid: stableUuid(`submission:${id}`),
          form_id: ids.formId,
          status: partial ? 'partial' : 'completed',
          completion_time: partial ? null : 30 + Math.floor(rand() * 300),
          answers,
          attribution,
        },
        isoOf(at),
      ),
    );
  }
  const latestSubmissionId = nextSubmission - 1;
  for (let i = opts.largeFormSubmissions - 1; i >= 0; i--) {
    const id = nextSubmission++;
    const at = SEED_END - i * 600_000;
    const answers = {
      [large[0]?.id ?? '']: `Reader ${id}`,
      [large[1]?.id ?? '']: `reader${id}@example.com`,
      [large[2]?.id ?? '']: i % 2 === 0,
    };
    submissions.push(seeded(id, ids.largeFormId, 12, answers, at));
  }
  for (let i = 2; i >= 0; i--) {
    const id = nextSubmission++;
    const at = SEED_END - i * 86_400_000;
    const answers = { [free[0]?.id ?? '']: `Side Visitor ${id}`, [free[2]?.id ?? '']: true };
    submissions.push(seeded(id, ids.freeFormId, 20, answers, at));
  }
  return { submissions, files, nextSubmission, latestSubmissionId, fileSubmissionId };
};
