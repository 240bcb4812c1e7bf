/**
 * What OpnForm's public routes (the feature flags, `POST /upload-file`, the answer route, file links:
 * called without the access token, as a respondent's browser calls them) mean when they fail in a way a
 * token route's failure does not: a 401 is not the token's fault, a redirect is not a bad answer.
 */

const IN_FRONT = 'something in front of OpnForm (a login page, basic authentication, a proxy)';

/** A 401 to a request sent without the token: reconnecting cannot help. */
export const tokenlessRefusal = (route: string): string =>
  `OpnForm's server answered 401 (Unauthorized) to ${route}, a request sent without the access token, so ` +
  `reconnecting your account will not help. On a self-hosted server this usually means ${IN_FRONT} guards ` +
  'this route: let it through to OpnForm.';

/** A redirect from a public route: on a self-hosted server, usually a login page or a proxy. */
export const publicRedirect = (route: string, status: number, to: string | undefined): string =>
  `OpnForm's server answered ${route} with a redirect (${status}${to === undefined ? '' : `, to ${to}`}) ` +
  `instead of taking the file. On a self-hosted server this usually means ${IN_FRONT} catches the route, or ` +
  'the OpnForm URL in your connection is not the API address (self-hosted servers usually serve it under /api). ' +
  'Nothing was submitted.';
