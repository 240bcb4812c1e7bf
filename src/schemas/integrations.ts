/** OpnForm's answers about form integrations (the Update Webhook Integration inputs: src/integrations/inputs.ts). */
import * as z from 'zod/mini';
import { FormIntegration } from './resources';

/** `GET /open/forms/{id}/integrations`: a bare array of every integration of the form (real server). */
export const FormIntegrations = z.array(FormIntegration);

/**
 * One delivery attempt of an integration (`GET /open/forms/{id}/integrations/{integration}/events`,
 * newest first): `date` is `Y-m-d H:i` in the server's time zone (UTC), `status` `Success` or `Error`,
 * `data` `{}` on success and `{message}` (plus `response`, `status` for HTTP errors) on failure.
 */
export const IntegrationEvent = z.looseObject({
  date: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.string())),
  data: z.optional(z.nullable(z.unknown())),
});
export type IntegrationEvent = z.infer<typeof IntegrationEvent>;
export const IntegrationEvents = z.array(IntegrationEvent);
