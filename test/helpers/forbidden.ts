// OpnForm's 403 as a step reports it when it cannot tell the cause: the token's ability or the connected
// user's place in the workspace (src/http/failures.ts). One builder, so each test names only what differs.

/** The 403 naming both causes: `ability` missing from the token, or the connected user `is` (…). */
export const eitherCause = (said: string, ability: string, is: string): string =>
  `OpnForm refused this step (403): "${said}" Either the access token lacks the "${ability}" ability (then ` +
  'create a new token with it ticked in OpnForm, Settings > Access Tokens, and reconnect), or the connected ' +
  `user is ${is} (then ask an admin of the workspace; a new token does not help).`;

/** A form's step refused with OpnForm's usual "This action is unauthorized.": `ability` or the user's role. */
export const formRefused = (ability: string): string =>
  eitherCause('This action is unauthorized.', ability, 'read-only in the workspace or not a member of it');
