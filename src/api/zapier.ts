/**
 * OpnForm's Zapier hook endpoints (`/external/zapier/webhook`), each written once: path, thing,
 * abilities, answer schema and what its special statuses mean.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import type { Need } from '../http/abilities';
import { Absent, opnform } from '../http/client';
import { path } from '../http/path';
import { AnyReply } from '../schemas/zapier';

const HOOK_PATH = path`/external/zapier/webhook`;

/** Subscribing and unsubscribing a form's hook: `manage-integrations`. */
const HOOKS: Need = { thing: 'form', abilities: ['manage-integrations'] };

/** Subscribes a hook URL to a form's submissions (OpnForm answers `[]`: no hook id). */
export const subscribe = async (z: ZObject, bundle: Bundle, hookUrl: string, formId: number) => {
  await opnform(z, bundle).post(HOOK_PATH, {
    need: HOOKS,
    body: { hookUrl, form_id: formId },
    schema: AnyReply(),
  });
};

/**
 * Deletes every hook of the form with this URL; OpnForm answers 200 even when none matched. 404
 * means the form itself is gone (deleted), and its hooks with it; 422 (recorded: "The selected form id
 * is invalid.") means no form row with this id exists at all: no hook can be left either. The stored
 * hook URL and form id passed OpnForm's rules when subscribing, so nothing else gives 422.
 */
export const unsubscribe = async (
  z: ZObject,
  bundle: Bundle,
  hookUrl: string,
  formId: number,
): Promise<{ formGone: boolean }> => {
  const reply = await opnform(z, bundle).delete(HOOK_PATH, {
    need: HOOKS,
    body: { hookUrl, form_id: formId },
    schema: AnyReply(),
    statuses: { absent: [404, 422] },
  });
  return { formGone: reply instanceof Absent };
};
