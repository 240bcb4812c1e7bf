import type { ZObject } from 'zapier-platform-core';

/**
 * Error helpers shared by every layer. Zapier's `z.errors.Error(message, code, status)` is the
 * error a user sees in the Zap history; the `code` is stable and machine-readable for our tests.
 */
export type ErrorCode =
  | 'invalid_input'
  | 'invalid_base_url'
  | 'forbidden'
  | 'not_found'
  | 'validation_failed'
  | 'payment_required'
  | 'server_error'
  | 'unreachable'
  | 'request_failed'
  | 'out_of_time'
  | 'bad_response'
  | 'conflict'
  | 'file_expired';

export const userError = (z: ZObject, message: string, code: ErrorCode, status?: number): Error =>
  new z.errors.Error(message, code, status ?? 400);
