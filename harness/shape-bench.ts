// Shaping cost and request counts of the submission triggers, for `npm run bench` (and checked by
// test/bench/shape.tests.ts).
// - benchShape: shaping a 300-answer hook delivery (schema check + shapeDelivery, as `perform` does)
//   against `JSON.parse` of the same body, measured in the same run (median of N runs); ratio = shape / parse.
// - requestCounts: HTTP requests each operation sends to OpnForm (a loopback stand-in counts them).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ZObject } from 'zapier-platform-core';
import { createAppTester } from 'zapier-platform-core';
import App from '../index';
import { DeliveryPayload } from '../src/schemas/zapier';
import { shapeDelivery } from '../src/submissions/output/shape';
import { median } from './stats';

// core's own dehydrator, so file answers cost what they cost in production
// eslint-disable-next-line @typescript-eslint/no-require-imports
const createDehydrator = require('zapier-platform-core/src/tools/create-dehydrator') as (
  input: unknown,
  type?: string,
) => ZObject['dehydrateFile'];

const TYPES = [
  'text',
  'email',
  'checkbox',
  'multi_select',
  'date',
  'matrix',
  'number',
  'files',
  'select',
  'url',
];

/** A real-server style delivery with `answers` questions of mixed types (display-formatted values). */
export const deliveryBody = (answers = 300): string => {
  const data: Record<string, unknown> = {};
  const submission: Record<string, unknown> = {};
  for (let i = 0; i < answers; i++) {
    const type = TYPES[i % TYPES.length] as string;
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const value =
      type === 'checkbox'
        ? i % 2 === 0
          ? 'Yes'
          : 'No'
        : type === 'multi_select'
          ? ['Pricing', 'Support', 'Sales']
          : type === 'date'
            ? `${(i % 28) + 1}/11/2026 - 28/11/2026`
            : type === 'matrix'
              ? 'Speed: Good\nPrice: Fair\nSupport: Excellent'
              : type === 'number'
                ? i
                : type === 'files'
                  ? [
                      {
                        file_url: `https://api.opnform.com/forms/assets/f${i}.pdf?expires=1&signature=${i}`,
                        file_name: `f${i}.pdf`,
                      },
                    ]
                  : `Answer number ${i} with some ordinary text in it`;
    data[id] = { value, name: `Question ${i}`, type };
    submission[`Question ${i}`] = value;
  }
  return JSON.stringify({
    form_id: 42,
    form_title: 'Big Form',
    form_slug: 'big-form',
    submission,
    data,
    message: 'Please do not use the `submission` field. It is deprecated and will be removed in the future.',
    submission_id: 1843,
    meta: { attribution: { utm_source: 'newsletter' } },
  });
};

export interface ShapeBench {
  answers: number;
  runs: number;
  /** Median ms to validate and shape the parsed body once. */
  shapeMs: number;
  /** Median ms to `JSON.parse` the body once. */
  parseMs: number;
  /** shapeMs / parseMs. */
  ratio: number;
}

export const benchShape = (runs = 15, answers = 300): ShapeBench => {
  const body = deliveryBody(answers);
  const z = { dehydrateFile: createDehydrator({ _zapier: { app: App } }, 'file') } as unknown as ZObject;
  const shape = () => shapeDelivery(z, DeliveryPayload().parse(JSON.parse(body)));
  const time = (fn: () => unknown, reps: number) => {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    return (performance.now() - t0) / reps;
  };
  // warm up both paths, then interleave the samples so both see the same machine state
  const reps = 20;
  time(shape, reps);
  time(() => JSON.parse(body), reps);
  const parse: number[] = [];
  const shapeAndParse: number[] = [];
  for (let i = 0; i < runs; i++) {
    parse.push(time(() => JSON.parse(body), reps));
    shapeAndParse.push(time(shape, reps));
  }
  const parseMs = median(parse);
  // the delivery reaches perform already parsed: shaping alone = (parse + shape) - parse
  const shapeMs = Math.max(median(shapeAndParse) - parseMs, 0);
  return { answers, runs, shapeMs, parseMs, ratio: parseMs === 0 ? 0 : shapeMs / parseMs };
};

export interface RequestCounts {
  /** A delivery with an ambiguous date: one form read for its date formats... */
  perform: number;
  /** ...and none for the next delivery of the form (Zapier's cache, 5 minutes). */
  performCached: number;
  performList: number;
  outputFields: number;
}

/** Requests each `new_submission` operation sends to OpnForm, counted by a loopback stand-in. */
export const requestCounts = async (): Promise<RequestCounts> => {
  const delivery = JSON.parse(deliveryBody(20)) as Record<string, unknown>;
  const page = {
    data: [{ id: 1, form_id: 42, data: { created_at: '2026-11-23 17:39:05' } }],
    meta: { last_page: 1 },
  };
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    res.setHeader('Content-Type', 'application/json');
    if (req.url?.startsWith('/api/open/forms/42/submissions?')) res.end(JSON.stringify(page));
    else if (req.url === '/api/open/forms/42')
      res.end(JSON.stringify({ id: 42, slug: 'big-form', title: 'Big Form', properties: [] }));
    else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const tester = createAppTester(App);

  const trigger = App.triggers?.new_submission?.operation as unknown as Record<string, unknown>;
  const bundle = {
    authData: { base_url: base, api_key: '1|bench' },
    inputData: { workspace_id: '7', form_id: '42', include_edits: 'yes' },
  };
  const counted = async (fn: unknown, extra: Record<string, unknown> = {}) => {
    count = 0;
    await tester(fn as never, { ...bundle, ...extra } as never);
    return count;
  };
  try {
    const fields = (trigger.outputFields as unknown[]).find((f) => typeof f === 'function');
    return {
      perform: await counted(trigger.perform, { cleanedRequest: delivery }),
      performCached: await counted(trigger.perform, { cleanedRequest: { ...delivery, submission_id: 2 } }),
      performList: await counted(trigger.performList),
      outputFields: await counted(fields),
    };
  } finally {
    server.close();
  }
};

if (require.main === module) {
  void (async () => {
    console.log(benchShape(process.argv.includes('--quick') ? 5 : 15));
    console.log(await requestCounts());
  })();
}
