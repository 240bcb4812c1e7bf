/**
 * The choices of a select or multi-select question (Update Form): replace, add or remove, checked
 * against the question before any request. OpnForm stores a question's choices as
 * `block.select.options` / `block.multi_select.options`, each `{id, name}`; the editor gives a new
 * choice its name as id (recorded form 6: `{"id": "First", "name": "First"}`), and so does this module.
 * Answers are stored as the choice's text, so changing choices never touches a stored answer.
 */

import { blockName } from '../answers/blocks';
import type { FormBlock } from '../schemas/forms';

/** The question types whose choices this step edits. */
export const CHOICE_TYPES = ['select', 'multi_select'] as const;
export type ChoiceType = (typeof CHOICE_TYPES)[number];

export interface ChoiceOption {
  id: string;
  name: string;
  [key: string]: unknown;
}

/** What the user asked for; each list is undefined when left empty. */
export interface ChoiceChange {
  replace?: string[];
  add?: string[];
  remove?: string[];
}

export const isChoiceBlock = (block: Pick<FormBlock, 'type'>): block is FormBlock & { type: ChoiceType } =>
  (CHOICE_TYPES as readonly string[]).includes(block.type);

const key = (name: string) => name.trim().toLowerCase();

/** The current choices of a select or multi-select block, as stored. */
export const optionsOf = (block: FormBlock): ChoiceOption[] => {
  const holder = (block as Record<string, unknown>)[block.type] as { options?: unknown } | null | undefined;
  const options = Array.isArray(holder?.options) ? holder.options : [];
  return options.filter(
    (o): o is ChoiceOption =>
      typeof o === 'object' && o !== null && typeof (o as ChoiceOption).name === 'string',
  );
};

/** `"First", "Second"`: choices as a message lists them. */
export const quoted = (names: readonly string[]): string =>
  names.length === 0 ? '(none)' : names.map((n) => JSON.stringify(n)).join(', ');

/** The same name twice in one list (case-insensitive). */
const duplicates = (names: readonly string[]) =>
  names.filter((n, i) => names.findIndex((m) => key(m) === key(n)) !== i);

/**
 * The new options of the question, or the problem with the change (a sentence naming the bad values
 * and what is allowed). Kept choices keep their stored object (id and any other member) unchanged.
 */
export const applyChoiceChange = (
  block: FormBlock,
  change: ChoiceChange,
): { options: ChoiceOption[] } | { problem: string; list: keyof ChoiceChange } => {
  const current = optionsOf(block);
  const currentNames = current.map((o) => o.name);
  const name = blockName(block);
  const { replace, add, remove } = change;
  for (const list of ['replace', 'add', 'remove'] as const) {
    const twice = duplicates(change[list] ?? []);
    if (twice.length > 0)
      return { list, problem: `${quoted(twice)} ${twice.length === 1 ? 'is' : 'are'} given more than once` };
  }
  let options: ChoiceOption[] = current;
  if (replace !== undefined) {
    options = replace.map((text) => current.find((o) => o.name === text) ?? { id: text, name: text });
  }
  if (remove !== undefined) {
    const names = options.map((o) => o.name);
    const missing = remove.filter((text) => !names.some((n) => key(n) === key(text)));
    if (missing.length > 0) {
      return {
        list: 'remove',
        problem:
          `${quoted(missing)} ${missing.length === 1 ? 'is not a choice' : 'are not choices'} of "${name}"; ` +
          `its choices are ${quoted(names)}`,
      };
    }
    const gone = new Set(remove.map(key));
    options = options.filter((o) => !gone.has(key(o.name)));
  }
  if (add !== undefined) {
    const names = options.map((o) => o.name);
    const present = add.filter((text) => names.some((n) => key(n) === key(text)));
    if (present.length > 0) {
      return {
        list: 'add',
        problem:
          `${quoted(present)} ${present.length === 1 ? 'is already a choice' : 'are already choices'} of ` +
          `"${name}" (its choices are ${quoted(names)}); leave ${present.length === 1 ? 'it' : 'them'} out of the choices to add`,
      };
    }
    options = [...options, ...add.map((text) => ({ id: text, name: text }))];
  }
  if (options.length === 0) {
    return {
      list: replace === undefined ? 'remove' : 'replace',
      problem: `"${name}" would have no choice left (its choices are ${quoted(currentNames)}); keep at least one`,
    };
  }
  return { options };
};

/** The block with its new options; every other member of the block stays as read. */
export const withOptions = (block: FormBlock, options: ChoiceOption[]): FormBlock => {
  const holder = (block as Record<string, unknown>)[block.type];
  const rest = typeof holder === 'object' && holder !== null ? holder : {};
  return { ...block, [block.type]: { ...rest, options } };
};
