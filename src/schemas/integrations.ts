/**
 * OpnForm's answers about form integrations (src/api/integrations.ts; the Update Webhook Integration
 * inputs: src/inputs/webhook.ts). Built on first use (`lazy`).
 */
import * as z from 'zod/mini';
import { optNum, optStr, str } from './common';
import { lazy, type Out } from './lazy';

/** A form integration (`GET /open/forms/{id}/integrations` item; `form_integration` of the PUT answer). */
export const FormIntegration = lazy(() =>
  z.looseObject({
    id: z.number(),
    form_id: optNum(),
    integration_id: str(),
    status: optStr(),
    data: z.optional(
      z.nullable(
        z.union([
          z.looseObject({
            webhook_url: optStr(),
            webhook_secret: optStr(),
            webhook_headers: z.optional(
              z.nullable(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
            ),
          }),
          z.array(z.unknown()),
        ]),
      ),
    ),
  }),
);
export type FormIntegration = Out<typeof FormIntegration>;

/** `GET /open/forms/{id}/integrations`: a bare array of every integration of the form (real server). */
export const FormIntegrations = lazy(() => z.array(FormIntegration()));

/** The answer of a create or an update: the saved integration. */
export const IntegrationUpdateReply = lazy(() =>
  z.looseObject({ message: optStr(), type: optStr(), form_integration: FormIntegration() }),
);

/**
 * One delivery attempt of an integration (`GET /open/forms/{id}/integrations/{integration}/events`,
 * newest first): `date` is `Y-m-d H:i` in the server's time zone (UTC), `status` `Success` or `Error`,
 * `data` `{}` on success and `{message}` (plus `response`, `status` for HTTP errors) on failure.
 */
export const IntegrationEvent = lazy(() =>
  z.looseObject({
    date: z.optional(z.nullable(z.string())),
    status: z.optional(z.nullable(z.string())),
    data: z.optional(z.nullable(z.unknown())),
  }),
);
export type IntegrationEvent = Out<typeof IntegrationEvent>;
export const IntegrationEvents = lazy(() => z.array(IntegrationEvent()));
