import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as requests from '../api/requests';
import { METHODS, RequestInput } from '../inputs/request';
import { parseInput } from '../schemas/parse';

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

const perform = (async (z, bundle) =>
  requests.send(
    z,
    bundle,
    parseInput(z, RequestInput(), bundle.inputData, inputFields),
  )) satisfies CreatePerform;

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
    },
    // `status` is the primary key Zapier's sample check asks for; an action's output is never deduplicated
    outputFields: [{ key: 'status', label: 'Status Code', type: 'integer', primary: true }],
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
