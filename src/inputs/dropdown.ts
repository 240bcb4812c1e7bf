import {
  type Bundle,
  defineInputFields,
  defineTrigger,
  type InputFields,
  type ZObject,
} from 'zapier-platform-core';
import { parseInput, type Schema } from '../schemas/parse';
import { FormInput, formField, WorkspaceInput, workspaceField } from './fields';

/** A picker as a hidden trigger takes it: the editor never shows a hidden trigger's fields, so no help. */
const unshown = <F extends { helpText?: string }>({ helpText: _never, ...field }: F) => field;

/** The inputs of a list that depends on the chosen workspace, and their schema. */
export const IN_WORKSPACE = {
  inputFields: defineInputFields([unshown(workspaceField)]),
  Input: WorkspaceInput,
};

/** The inputs of a list that depends on the chosen form (workspace first), and their schema. */
export const OF_FORM = {
  inputFields: defineInputFields([unshown(workspaceField), unshown(formField)]),
  Input: FormInput,
};

export interface Dropdown<K extends string, I, Out extends { id: number | string }> {
  key: K;
  noun: string;
  /** "List Workspaces": the hidden trigger's label (the description says "Triggers when a <thing> is listed."). */
  label: string;
  /** What is listed, for the description: "workspace", "form field", ... */
  listed: string;
  /** The inputs the list depends on (workspace, form); none for the workspace list. */
  inputFields?: InputFields;
  /** The zod schema of those inputs, built on first use (errors name the fields by their labels above). */
  Input?: () => Schema<I>;
  /** The entries, in the order the dropdown shows them. */
  list: (z: ZObject, bundle: Bundle, input: I) => Promise<Out[]>;
  /** Zapier asks for more with `bundle.meta.page` (submission dropdown). */
  canPaginate?: boolean;
  /** The entry the editor's test shows (no output fields: a hidden trigger's output is never mapped). */
  sample: Out;
}

/**
 * A hidden trigger that feeds a dynamic dropdown (`dynamic: '<key>.id.<label>'`): the inputs are
 * validated against the step's own fields, then `list` gives the entries. Every such trigger is
 * polling, hidden, and lists "Triggers when a <thing> is listed.".
 */
export const defineDropdown = <const K extends string, I, Out extends { id: number | string }>(
  spec: Dropdown<K, I, Out>,
) => {
  const { Input, inputFields } = spec;
  const perform = async (z: ZObject, bundle: Bundle): Promise<Out[]> =>
    spec.list(
      z,
      bundle,
      Input === undefined ? (undefined as I) : parseInput(z, Input(), bundle.inputData, inputFields ?? []),
    );
  return defineTrigger<K, InputFields>({
    key: spec.key,
    noun: spec.noun,
    display: { label: spec.label, description: `Triggers when a ${spec.listed} is listed.`, hidden: true },
    operation: {
      type: 'polling',
      ...(inputFields === undefined ? {} : { inputFields }),
      // Core types polling results as `id: string`; OpnForm ids are integers (Zapier takes either).
      perform: perform as never,
      canPaginate: spec.canPaginate ?? false,
      sample: spec.sample,
    },
  });
};
