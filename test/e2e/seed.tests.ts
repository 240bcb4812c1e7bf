// The seed covers what the end-to-end tests need, the same way on every start.
import { INPUT_TYPES } from '../../sandbox/format';
import { seed } from '../../sandbox/seed';

const { state, ids } = seed({ submissions: 260, largeFormSubmissions: 1200 }, Date.UTC(2026, 10, 1));
const form = state.forms.find((f) => f.id === ids.formId);
const mine = state.submissions.filter((s) => s.form_id === ids.formId);

it('the main form uses all 18 input block types, layout blocks, a hidden field and a repeated name', () => {
  const types = new Set(form?.properties.map((b) => b.type));
  expect([...INPUT_TYPES].filter((t) => !types.has(t))).toEqual([]);
  expect(INPUT_TYPES.size).toBe(18);
  expect(form?.properties.filter((b) => b.type.startsWith('nf-')).map((b) => b.type)).toEqual([
    'nf-text',
    'nf-page-break',
    'nf-divider',
    'nf-image',
  ]);
  expect(form?.properties.filter((b) => b.hidden).map((b) => b.name)).toEqual(['Referrer']);
  expect(form?.properties.filter((b) => b.name === 'Comments')).toHaveLength(2);
  expect(form?.properties.find((b) => b.date_range)?.name).toBe('Stay');
});

it('seeds 260 submissions with partial ones, attribution and files, and a large form over 1000', () => {
  expect(mine).toHaveLength(260);
  expect(mine.filter((s) => s.status === 'partial').length).toBeGreaterThan(10);
  expect(mine.filter((s) => s.attribution !== null).length).toBeGreaterThan(40);
  expect(
    mine.filter((s) => Array.isArray(s.answers[ids.fields.attachments as string])).length,
  ).toBeGreaterThan(20);
  expect(state.submissions.filter((s) => s.form_id === ids.largeFormId)).toHaveLength(1200);
  const file = state.submissions.find((s) => s.id === ids.fileSubmissionId);
  expect(file?.attribution).not.toBeNull();
  expect(file?.answers[ids.fields.signature as string]).toEqual([`signature-${ids.fileSubmissionId}.png`]);
});

it('is deterministic and keeps invites pending, accepted and expired relative to now', () => {
  const again = seed({ submissions: 260, largeFormSubmissions: 1200 }, Date.UTC(2026, 10, 1));
  expect(again.state.submissions).toEqual(state.submissions);
  const now = Date.UTC(2026, 10, 1);
  const invite = (id: number) => state.invites.find((i) => i.id === id);
  expect(invite(ids.pendingInviteId)).toMatchObject({ status: 'pending' });
  expect(Date.parse(invite(ids.pendingInviteId)?.valid_until ?? '')).toBeGreaterThan(now);
  expect(invite(ids.acceptedInviteId)).toMatchObject({ status: 'accepted' });
  expect(invite(ids.expiredInviteId)).toMatchObject({ status: 'pending' });
  expect(Date.parse(invite(ids.expiredInviteId)?.valid_until ?? '')).toBeLessThan(now);
});
