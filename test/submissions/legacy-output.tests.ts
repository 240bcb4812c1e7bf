// The 1.0.4 keys of New Submission's samples: a listed submission's raw answers shown as OpnForm's
// delivery shows them (the recorded every-block delivery is matched in new-submission.recorded.tests.ts).

import type { Form } from '../../src/schemas/forms';
import type { DeliveryPayload } from '../../src/schemas/zapier';
import {
  DELIVERY_MESSAGE,
  legacyOfDelivery,
  legacyOfListed,
} from '../../src/submissions/output/legacy-output';

const block = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  name: id,
  ...extra,
});
const form = (...properties: Array<Record<string, unknown>>) => ({ id: 1, properties }) as unknown as Form;
/** The delivery `deliveryOfSubmission` builds: raw values under each field id. */
const listed = (values: Record<string, unknown>, f: Form): DeliveryPayload =>
  ({
    form_id: 1,
    submission_id: 77,
    data: Object.fromEntries(
      Object.entries(values).map(([id, value]) => [
        id,
        { value, name: id, type: (f.properties ?? []).find((b) => b.id === id)?.type },
      ]),
    ),
    meta: { attribution: { utm_source: 'x' } },
  }) as DeliveryPayload;
const valuesOf = (values: Record<string, unknown>, f: Form) =>
  legacyOfListed(listed(values, f), f).submission;

test('dates: d/m/Y by default, m/d/Y for MM/dd/yyyy, the wall time as stored, 12- or 24-hour, ranges joined', () => {
  const f = form(
    block('plain', 'date'),
    block('us', 'date', { date_format: 'MM/dd/yyyy' }),
    block('meeting', 'date', { with_time: true }),
    block('shift', 'date', { with_time: true, time_format: 24 }),
    block('midnight', 'date', { with_time: true }),
    block('stay', 'date', { date_range: true }),
    block('typed', 'date'),
    block('odd', 'date'),
  );
  expect(
    valuesOf(
      {
        plain: '2026-11-05',
        us: '2026-11-05',
        meeting: '2026-11-25T21:05:00-05:00',
        shift: '2026-11-25T21:05:00.000Z',
        midnight: '2026-11-25',
        stay: ['2026-12-14', '2026-12-20'],
        typed: '03/02/2026',
        odd: 'next week',
      },
      f,
    ),
  ).toEqual({
    plain: '05/11/2026',
    us: '11/05/2026',
    meeting: '25/11/2026 9:05pm',
    shift: '25/11/2026 21:05',
    midnight: '25/11/2026 12:00am',
    stay: '14/12/2026 - 20/12/2026',
    // PHP reads slash text as m/d/Y: 2 March
    typed: '02/03/2026',
    odd: 'next week',
  });
});

test('checkbox words, matrix lines, lists and numbers as delivered; every entry {value, name, type}', () => {
  const f = form(
    block('yes', 'checkbox'),
    block('no', 'checkbox'),
    block('grid', 'matrix'),
    block('many', 'multi_select'),
    block('age', 'number'),
  );
  const out = legacyOfListed(
    listed({ yes: true, no: false, grid: { Support: 'Good', Product: 'OK' }, many: ['A', 'B'], age: 42 }, f),
    f,
  );
  expect(out).toEqual({
    submission_id: 77,
    submission: { yes: 'Yes', no: 'No', grid: 'Support: Good\nProduct: OK', many: ['A', 'B'], age: 42 },
    data: {
      yes: { value: 'Yes', name: 'yes', type: 'checkbox' },
      no: { value: 'No', name: 'no', type: 'checkbox' },
      grid: { value: 'Support: Good\nProduct: OK', name: 'grid', type: 'matrix' },
      many: { value: ['A', 'B'], name: 'many', type: 'multi_select' },
      age: { value: 42, name: 'age', type: 'number' },
    },
    message: DELIVERY_MESSAGE,
    meta: { attribution: { utm_source: 'x' } },
  });
});

test('two questions with one name: `submission` keeps the later, `data` both (as deliveries do)', () => {
  const f = form(block('c1', 'text', { name: 'Comments' }), block('c2', 'text', { name: 'Comments' }));
  const out = legacyOfListed(listed({ c1: 'first', c2: 'second' }, f), f);
  expect(out.submission).toEqual({ Comments: 'second' });
  expect(Object.keys(out.data)).toEqual(['c1', 'c2']);
});

test('a delivery without the 1.0.4 keys: null id and message, empty maps (the keys are always there)', () => {
  expect(legacyOfDelivery({ form_id: 1 } as DeliveryPayload)).toEqual({
    submission_id: null,
    submission: {},
    data: {},
    message: null,
    meta: {},
  });
});
