import type { Bundle, ZObject } from 'zapier-platform-core';
import * as submissions from '../../api/submissions';

/** What a dehydrated submission file carries: the signed (expiring) link and the file name. */
export type FileHydrationInput = {
  url: string;
  name?: string | null;
};

/**
 * Hydrator (registered as `hydrators.submissionFile` in index.ts): downloads one submission file or
 * signature when a later step uses it and stashes it in Zapier's storage. OpnForm's file links are
 * signed, so the request is a plain GET with no bearer token (the token must never leave for a
 * file host), and the link is never written into an error message. The link comes from a hook
 * delivery, which anyone who knows the hook URL can forge: it is downloaded only from the connection's
 * own OpnForm origin (src/http/download.ts), never from another host or a private address.
 */
export const submissionFile = async (z: ZObject, bundle: Bundle) => {
  const { url, name } = bundle.inputData as FileHydrationInput;
  const response = await submissions.downloadAnswerFile(z, bundle, url, name ?? 'file');
  const stash = z.stashFile as unknown as (
    input: unknown,
    knownLength?: number,
    filename?: string,
  ) => Promise<string>;
  return stash(response, undefined, name ?? undefined);
};
