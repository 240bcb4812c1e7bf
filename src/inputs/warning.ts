import { defineInputField } from 'zapier-platform-core';

/** Ends the description of every team step that deletes or removes something. */
export const DESTRUCTIVE_NOTE = 'This cannot be undone.';

/**
 * The visible note Zapier expects on a step that deletes or removes: a read-only (`copy`) field shown
 * first in the editor. `text` says what is lost and how to get it back, if at all.
 */
export const destructiveWarning = (text: string) =>
  defineInputField({
    key: 'destructive_warning',
    label: 'Warning',
    type: 'copy',
    helpText: `**Warning: this step cannot be undone.** ${text}`,
  });
