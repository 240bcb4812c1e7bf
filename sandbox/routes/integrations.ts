/**
 * Form integrations and the legacy Zapier hook routes, as a real OpnForm server answers them
 * (recordings `integrations--*`, `external--webhook-subscribe`, `external--webhook-unsubscribe`,
 * `external--forms`; OpnForm's `FormIntegrationsController`, `FormIntegrationsRequest`,
 * `WebhookIntegration::getValidationRules`, `PublicWebhookUrl`, Zapier `IntegrationController`).
 *
 * The order of checks is the server's: route binding of the form (404), the request class (a
 * missing or unknown `integration_id` throws before validation: 500), validation (422), the
 * `manageIntegrations` policy (403: a member who is not read-only, and a token with
 * `manage-integrations`), then the integration itself (404). On `/external/zapier/*` the token's
 * ability is checked first (403 "Invalid ability provided."), then validation, then the form.
 */
import ipaddr from 'ipaddr.js';
import { eventsOf } from '../deliveries';
import type { RouteKit } from '../kit';
import { BLOCKED_HEADERS } from '../opnform-constants';
import { asRecord, type RouteCtx } from '../route-context';
import type { Form, Integration } from '../state';

/** OpnForm's integration types (`resources/data/forms/integrations.json`) the sandbox emulates. */
const KNOWN_TYPES = new Set(['webhook', 'zapier']);

const UNRESOLVABLE = /(^|\.)(test|invalid|example|local|internal|localhost)\.?$/i;

const isPhpArray = (value: unknown) => value !== null && typeof value === 'object';
export const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** PHP's `(int)` of a route segment: its leading digits, else 0. */
const phpInt = (text: string) => Number(/^\s*([+-]?\d+)/.exec(text)?.[1] ?? 0);

/** Laravel's `url` rule and `FILTER_VALIDATE_URL`, approximated: scheme://host, no spaces. */
export const urlShapeOk = (text: string) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
  if (/[\s\u0000-\u001f\u007f]/.test(text) || !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]/i.test(text)) return false;
  if (!URL.canParse(text)) return false;
  return new URL(text).hostname !== '';
};

/** `PublicWebhookUrl::validate`: the message the server gives, or undefined when the URL is fine. */
export const publicWebhookUrlProblem = (text: string, allowPrivate: boolean): string | undefined => {
  if (!urlShapeOk(text)) return 'The webhook URL must be a valid URL.';
  const url = new URL(text);
  if (url.protocol !== 'https:') return 'The webhook URL must use HTTPS.';
  if (url.username !== '' || url.password !== '')
    return 'The webhook URL cannot contain embedded credentials.';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === '') return 'The webhook URL host is invalid.';
  // the sandbox resolves no names: literal addresses and localhost are checked, reserved names
  // (.test, .local, ...) do not resolve, every other name counts as public
  const ip = host.replace(/\.$/, '') === 'localhost' ? '127.0.0.1' : ipaddr.isValid(host) ? host : undefined;
  if (ip === undefined)
    return UNRESOLVABLE.test(host) ? 'The webhook URL host could not be resolved.' : undefined;
  return ipaddr.process(ip).range() === 'unicast'
    ? undefined
    : 'The webhook URL must resolve only to public IP addresses.';
};

/** Laravel's `url` rule message and then the `PublicWebhookUrlRule` message, as both run. */
export const urlErrors = (value: unknown, attribute: string, allowPrivate: boolean): string[] => {
  const errors: string[] = [];
  if (typeof value !== 'string' || !urlShapeOk(value)) errors.push(`The ${attribute} format is invalid.`);
  if (typeof value !== 'string') errors.push(`The ${attribute} must be a valid URL.`);
  else {
    const problem = publicWebhookUrlProblem(value, allowPrivate);
    if (problem !== undefined) errors.push(problem);
  }
  return errors;
};

/** PHP turns integer-like JSON object keys into integers. */
const phpKeyIsInt = (key: string) => /^(0|-?[1-9]\d{0,17})$/.test(key);

/** The closure rule of `data.webhook_headers`: the first problem only. */
const headersProblem = (value: unknown): string | undefined => {
  if (!isPhpArray(value)) return undefined;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>).map(([k, v]) => [phpKeyIsInt(k) ? Number(k) : k, v]);
  if (entries.length > 10) return 'Maximum 10 custom headers allowed.';
  for (const [name, headerValue] of entries) {
    if (typeof name !== 'string' || name === '') return 'Header names must be non-empty strings.';
    if (Buffer.byteLength(name) > 255) return `Header name '${name}' exceeds 255 characters.`;
    if (BLOCKED_HEADERS.includes(name.toLowerCase()))
      return `The '${name}' header cannot be customized for security reasons.`;
    if (typeof headerValue !== 'string')
      return `Header values must be strings. '${name}' has invalid value type.`;
    if (Buffer.byteLength(headerValue) > 255) return `Header value for '${name}' exceeds 255 characters.`;
  }
  return undefined;
};

/** `FormIntegrationsRequest` validation (base rules, then the integration type's `data.*` rules). */
const validateIntegration = (body: Record<string, unknown>, allowPrivate: boolean) => {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] ??= [];
    errors[key].push(message);
  };
  if (body.oauth_id !== undefined && body.oauth_id !== null)
    add('oauth_id', 'The selected account is not valid or no longer connected.');
  if (!('data' in body)) add('data', 'The Data field must be present.');
  else if (!isPhpArray(body.data)) add('data', 'The Data field must be an array.');
  if (isBlank(body.status)) add('status', 'The Status field is required.');
  else if (body.status !== 'active' && body.status !== 'inactive')
    add('status', 'The selected Status is invalid.');
  if (body.integration_id === 'webhook') {
    const data = asRecord(body.data) ?? {};
    if (isBlank(data.webhook_url)) add('data.webhook_url', 'The Webhook Url field is required.');
    else for (const m of urlErrors(data.webhook_url, 'Webhook Url', allowPrivate)) add('data.webhook_url', m);
    const secret = data.webhook_secret;
    if (secret !== undefined && secret !== null) {
      if (typeof secret !== 'string') add('data.webhook_secret', 'The Webhook Secret must be a string.');
      const length = typeof secret === 'string' ? [...secret].length : String(secret).length;
      if (length < 12) add('data.webhook_secret', 'The Webhook Secret must be at least 12 characters.');
    }
    const headers = data.webhook_headers;
    if (headers !== undefined && headers !== null) {
      if (!isPhpArray(headers)) add('data.webhook_headers', 'The Webhook Headers must be an array.');
      const problem = headersProblem(headers);
      if (problem !== undefined) add('data.webhook_headers', problem);
    }
  }
  return errors;
};

/** `WebhookIntegration::formatData`: only the webhook members are kept, headers as an object. */
const storedData = (type: string, data: unknown): Record<string, unknown> => {
  const record = asRecord(data) ?? {};
  if (type !== 'webhook') return Array.isArray(data) ? {} : { ...record };
  const kept: Record<string, unknown> = {};
  if (record.webhook_url !== undefined && record.webhook_url !== null) kept.webhook_url = record.webhook_url;
  if (record.webhook_secret !== undefined && record.webhook_secret !== null)
    kept.webhook_secret = record.webhook_secret;
  if (isPhpArray(record.webhook_headers))
    kept.webhook_headers = Array.isArray(record.webhook_headers)
      ? { ...record.webhook_headers }
      : { ...(record.webhook_headers as Record<string, unknown>) };
  return kept;
};

/** Eloquent's "object" cast compares decoded arrays: `{}` and `[]` are the same value. */
const castEquivalent = (a: unknown, b: unknown) => {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.length === 0 ? [] : v.map(norm);
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      return entries.length === 0 ? [] : Object.fromEntries(entries.map(([k, x]) => [k, norm(x)]));
    }
    return v;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
};

/** An integration as the API shows it (`FormIntegrationResource`), in the recorded key order. */
export const integrationJson = (i: Integration, logic: unknown = i.logic) => ({
  id: i.id,
  form_id: i.form_id,
  status: i.status,
  integration_id: i.integration_id,
  logic: logic === undefined ? [] : logic,
  data: i.data,
  oauth_id: null,
  created_at: i.created_at,
  updated_at: i.updated_at,
  deleted_at: null,
  provider: null,
});

/** `date('Y-m-d H:i')` of an ISO time (UTC). */
const minuteOf = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export const integrationRoutes = (kit: RouteKit) => {
  const { state, route, fail, formOr404, invalid, manageIntegrations: authorize } = kit;
  const now = kit.nowIso;
  const allowPrivateUrls = kit.options.allowPrivateWebhookUrls ?? true;
  const serverError = () => fail(500, { message: 'Server Error' });
  const integrationOr404 = (f: Form, idText: string) => {
    const id = phpInt(idText);
    const found = state.integrations.find((i) => i.id === id && i.form_id === f.id);
    if (found === undefined)
      throw fail(404, {
        message: `No query results for model [App\\Models\\Integration\\FormIntegration] ${id}`,
      });
    return found;
  };
  /** The request class: an unknown or missing type crashes before validation. */
  const typeOf = (body: Record<string, unknown>) => {
    const type = body.integration_id;
    if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) throw serverError();
    return type;
  };
  const bodyOf = (ctx: RouteCtx) => asRecord(ctx.body) ?? {};
  /** Create and update: the form, the request class, validation, then the policy. */
  const checkedRequest = (ctx: RouteCtx) => {
    const f = formOr404(ctx.params[0] ?? '');
    const body = bodyOf(ctx);
    const type = typeOf(body);
    const errors = validateIntegration(body, allowPrivateUrls);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    authorize(ctx, f);
    return { f, body, type };
  };

  route('GET', '/open/forms/:form/integrations', 'open', (ctx) => {
    const f = formOr404(ctx.params[0] ?? '');
    authorize(ctx, f);
    return state.integrations
      .filter((i) => i.form_id === f.id)
      .sort((a, b) => a.id - b.id)
      .map((i) => integrationJson(i));
  });

  route('POST', '/open/forms/:form/integrations', 'open', (ctx) => {
    const { f, body, type } = checkedRequest(ctx);
    const at = now();
    const integration: Integration = {
      id: state.next.integration++,
      form_id: f.id,
      integration_id: type,
      status: body.status as 'active' | 'inactive',
      data: storedData(type, body.data),
      logic: body.logic ?? [],
      created_at: at,
      updated_at: at,
    };
    state.integrations.push(integration);
    return {
      type: 'success',
      message: 'Form Integration was created.',
      form_integration: integrationJson(integration),
    };
  });

  route('PUT', '/open/forms/:form/integrations/:id', 'open', (ctx) => {
    const { f, body, type } = checkedRequest(ctx);
    // the row's own type is not checked: a zapier row becomes a webhook (integrations--update)
    const integration = integrationOr404(f, ctx.params[1] ?? '');
    const data = storedData(type, body.data);
    const logic = body.logic ?? [];
    let dirty = false;
    if (integration.integration_id !== type) {
      integration.integration_id = type;
      dirty = true;
    }
    if (integration.status !== body.status) {
      integration.status = body.status as 'active' | 'inactive';
      dirty = true;
    }
    if (!castEquivalent(integration.data, data)) {
      integration.data = data;
      dirty = true;
    }
    // an equivalent logic ({} vs []) is not written: the row keeps its stored value
    if (!castEquivalent(integration.logic ?? [], logic)) {
      integration.logic = logic;
      dirty = true;
    }
    if (dirty) integration.updated_at = now();
    return {
      type: 'success',
      message: 'Form Integration was updated.',
      form_integration: integrationJson(integration, logic),
    };
  });

  route('DELETE', '/open/forms/:form/integrations/:id', 'open', (ctx) => {
    const f = formOr404(ctx.params[0] ?? '');
    authorize(ctx, f);
    const integration = integrationOr404(f, ctx.params[1] ?? '');
    state.integrations = state.integrations.filter((i) => i !== integration);
    return { type: 'success', message: 'Form Integration was deleted.' };
  });

  route('GET', '/open/forms/:form/integrations/:id/events', 'open', (ctx) => {
    const f = formOr404(ctx.params[0] ?? '');
    authorize(ctx, f);
    const integration = integrationOr404(f, ctx.params[1] ?? '');
    return eventsOf(state)
      .filter((e) => e.integration_id === integration.id)
      .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
      .map((e) => ({
        date: minuteOf(e.created_at),
        status: e.status === 'success' ? 'Success' : 'Error',
        data: e.data,
      }));
  });
};
