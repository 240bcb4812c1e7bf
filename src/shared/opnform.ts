/** OpnForm Cloud's API address: the connection's default (a missing or empty OpnForm URL means it). */
export const DEFAULT_BASE_URL = 'https://api.opnform.com';
