import type { ZObject } from 'zapier-platform-core';
import { invalidInput } from '../errors';

/** The help text's sentence for an optional setting of an update step. */
export const KEEP = 'Leave empty to keep the current value.';

/**
 * An update step's value and its "remove" switch cannot both be used (Update Webhook Integration's
 * secret and headers, Update Form's closing date and submission limit): a clear error naming both.
 */
export const checkRemoveSwitches = <K extends string>(
  z: ZObject,
  input: Partial<Record<K, unknown>>,
  pairs: ReadonlyArray<readonly [K, K]>,
  labels: Readonly<Record<string, string>>,
) => {
  for (const [field, flag] of pairs) {
    if (input[field] !== undefined && input[flag] === true) {
      throw invalidInput(
        z,
        `${labels[field]} (${field}) and ${labels[flag]} (${flag}) are both set. Leave ${labels[field]} empty ` +
          `to remove, or set ${labels[flag]} to No to use the new value.`,
      );
    }
  }
};
