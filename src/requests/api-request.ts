import { Readable } from 'node:stream';
import { type CreatePerform, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import * as requests from '../api/requests';
import { METHODS, RequestInput } from '../inputs/request';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';

/**
 * An answer larger than this is given as a file: Zapier hands the next step at most 6 MB (its step
 * input), and an output that size would fail there. `GET /open/forms` of 1,000 forms is 6.85 MB.
 */
export const FILE_ABOVE_BYTES = 6 * 1024 * 1024;

/**
 * API Request (Beta), as Zapier names its own: one request to any path under the connection's OpnForm
 * URL, the token added by the connector, the answer given back as it came (README, "API Request").
 */
const inputFields = defineInputFields([
  {
    key: 'request_warning',
    label: 'Warning',
    type: 'copy',
    helpText: 'Sends exactly what you enter: a POST, PUT, PATCH or DELETE changes OpnForm at once.',
  },
  { key: 'method', label: 'HTTP Method', required: true, choices: [...METHODS], default: 'GET' },
  {
    key: 'path',
    label: 'URL Path',
    required: true,
    helpText: 'After your OpnForm URL, e.g. /open/workspaces. No host, query or "..".',
  },
  { key: 'query', label: 'Query String Parameters', dict: true },
  { key: 'body', label: 'Body', type: 'text', helpText: 'JSON, e.g. {"name": "Sales"}. Not with GET.' },
  {
    key: 'stop_on_error',
    label: 'Stop on Error',
    type: 'boolean',
    default: 'yes',
    helpText: 'No: an error status is output instead.',
  },
]);

/** The file's name: the path's segments (`open-forms.json` for `/open/forms`), `.json`, `.csv` or `.txt`. */
const fileName = (segments: readonly string[], type: string) => {
  const name = segments.join('-').replace(/[^A-Za-z0-9._-]/g, '_');
  return `${name === '' ? 'answer' : name}.${/json/i.test(type) ? 'json' : /csv/i.test(type) ? 'csv' : 'txt'}`;
};

/** Parts of text as the file's bytes, about 64 KB at a time. */
function* bytesOf(parts: readonly string[]) {
  let held: string[] = [];
  let length = 0;
  for (const part of parts) {
    held.push(part);
    length += part.length;
    if (length >= 64 * 1024) {
      yield Buffer.from(held.join(''), 'utf8');
      held = [];
      length = 0;
    }
  }
  if (held.length > 0) yield Buffer.from(held.join(''), 'utf8');
}

/**
 * An answer over `FILE_ABOVE_BYTES` as a file in Zapier's storage (`z.stashFile`): the JSON as output
 * (secret-named values masked, never parsed whole) or the text (secrets hidden), with `data` and `text`
 * null, the file's link in `file` and the answer's size in `size`.
 */
const asFile = async (z: ZObject, path: readonly string[], answer: requests.ApiAnswer) => {
  const { parts, json } = answer.file ?? { parts: [], json: false };
  const bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  const type = json ? 'application/json' : (answer.headers.content_type ?? 'text/plain');
  const file: string = await z.stashFile(Readable.from(bytesOf(parts)), bytes, fileName(path, type), type);
  return { status: answer.status, headers: answer.headers, data: null, text: null, file, size: answer.size };
};

const perform = (async (z, bundle) => {
  const input = parseInput(z, RequestInput(), bundle.inputData, inputFields);
  const { file, size, ...answer } = await requests.send(z, bundle, input, FILE_ABOVE_BYTES);
  return file === undefined
    ? { ...answer, file: null, size }
    : asFile(z, input.path, { ...answer, size, file });
}) satisfies CreatePerform;

export const apiRequest = defineCreate({
  key: 'api_request',
  noun: 'API Request',
  display: {
    label: 'API Request (Beta)',
    description:
      "Sends a raw HTTP request to your OpnForm API with this connection's token. Returns the status, headers and body.",
  },
  operation: {
    inputFields,
    perform,
    sample: {
      status: 200,
      headers: { content_type: 'application/json' },
      data: { id: 7, name: 'Marketing' },
      text: null,
      file: null,
      size: 27,
    },
    // `status` is the primary key Zapier's sample check asks for; an action's output is never deduplicated
    outputFields: [
      { key: 'status', label: 'Status Code', type: 'integer', primary: true },
      // an answer over 6 MB is given as a file (data and text null then); null otherwise
      { key: 'file', label: 'Answer File', type: 'file' },
      { key: 'size', label: 'Answer Size in Bytes', type: 'integer' },
    ],
    throttle: throttleFor(1, 'any'), // the one request, on /open or /external
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { method: 'GET', path: '/open/workspaces/$workspaceId/users' },
    minimum: 1,
    why: 'the one request the user describes (redirects are output, never followed)',
    review: {
      on: 'both: any path the token may use, `GET /open/workspaces` the simplest',
      evidence: ['forms--list-workspaces#0', 'workspaces--create-update-delete#6'],
    },
  },
];
