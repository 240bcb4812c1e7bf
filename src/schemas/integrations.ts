/** OpnForm's answers about form integrations (the Update Webhook Integration inputs: src/integrations/inputs.ts). */
import * as z from 'zod/mini';
import { FormIntegration } from './resources';

/** `GET /open/forms/{id}/integrations`: a bare array of every integration of the form (real server). */
export const FormIntegrations = z.array(FormIntegration);
