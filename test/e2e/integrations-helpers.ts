// What the integrations e2e files share: the signing secret, the route, and a create call.
import type { Sandbox } from '../../sandbox/server';
import { call, type TokenName } from './helpers';

export const SECRET = 's3cret-signing-key-123';

export const integrationsOf = (formId: number) => `/open/forms/${formId}/integrations`;

/** `POST /open/forms/{id}/integrations` on the sandbox of the calling file. */
export const integrationCreator =
  (sandbox: () => Sandbox) => (formId: number, body: unknown, token?: TokenName) =>
    call(sandbox(), 'POST', integrationsOf(formId), { body, token });
