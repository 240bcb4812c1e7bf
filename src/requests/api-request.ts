import type { Readable } from 'node:stream';
import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as requests from '../api/requests';
import { METHODS, RequestInput } from '../inputs/request';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';

/**
 * An answer larger than this is given as a file: Zapier hands the next step at most 6 MB (its step
 * input), and an answer given as data is held parsed, then copied by core while it checks the output:
 * a 4.8 MB `GET /open/forms` (835 forms) peaked at 157 MB, 3 MB at about 137 (issue 33, 150 MB at most).
 */
export const FILE_ABOVE_BYTES = 3 * 1024 * 1024;

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

const perform = (async (z, bundle) => {
  const input = parseInput(z, RequestInput(), bundle.inputData, inputFields);
  // an answer over FILE_ABOVE_BYTES is written to a file in Zapier's storage as it arrives, never held whole
  const stash = async (body: Readable, type: string): Promise<string> =>
    z.stashFile(body, undefined, fileName(input.path, type), type);
  const { file, ...answer } = await requests.send(z, bundle, input, { above: FILE_ABOVE_BYTES, stash });
  return { ...answer, file: file ?? null };
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
      // an answer over 3 MB is given as a file (data and text null then); null otherwise
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
