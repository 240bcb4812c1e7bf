import type { Bundle, ZObject } from 'zapier-platform-core';
import * as account from './api/account';
import { CONNECTOR_ABILITIES } from './http/abilities';
import { DEFAULT_BASE_URL } from './shared/opnform';

/** Where OpnForm Cloud lists the user's access tokens (the link 1.0.4's help gave too). */
export const TOKEN_PAGE_URL = 'https://opnform.com/home?user-settings=access-tokens';

/** Auth test: `GET /external/zapier/validate` answers `{name, email}` for any valid token. */
const test = async (z: ZObject, bundle: Bundle) => {
  const me = await account.validate(z, bundle);
  return { name: me.name, email: me.email };
};

export const authentication = {
  type: 'custom' as const,
  fields: [
    // Optional: connections made by 1.0.4 have no base_url (its host was OpnForm Cloud), and Zapier
    // never asks an existing connection for a field; empty or missing means OpnForm Cloud everywhere
    // (src/http/base-url.ts). Required would need a new major version (docs/decisions.md).
    {
      key: 'base_url',
      label: 'OpnForm URL',
      required: false,
      default: DEFAULT_BASE_URL,
      helpText:
        `Leave ${DEFAULT_BASE_URL} (or empty) for OpnForm Cloud. Self-hosted OpnForm: enter your own API URL, ` +
        'usually your address followed by /api (for example https://forms.example.org/api).',
    },
    // `string`, as 1.0.4 declared it: changing an auth field's type is one of Zapier's promotion
    // guardrails (a new major version). The value is still never logged: core scrubs every authData
    // value by key (type aside), and src/http/secrets.ts hides every authData value but base_url.
    {
      key: 'api_key',
      label: 'Access Token',
      type: 'string' as const,
      required: true,
      helpText:
        `Create a personal access token in OpnForm under [Settings > Access Tokens](${TOKEN_PAGE_URL}) ` +
        `(self-hosted: the same page on your server) and tick these abilities: ${CONNECTOR_ABILITIES.join(', ')}.`,
    },
  ],
  test,
  connectionLabel: '{{name}} ({{email}})',
};

export const cases: import('./shared/step-case').StepCase[] = [{ input: {}, minimum: 1, why: 'validate' }];
