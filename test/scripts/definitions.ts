/** Small published definitions, as data, that the breaking-change parts change one thing of. */
export type Json = Record<string, unknown>;

export const field = (key: string, extra: Json = {}) => ({ key, label: key, type: 'string', ...extra });
export const hookTrigger = (inputFields: unknown[] = [field('form_id', { required: true })]) => ({
  key: 'new_thing',
  operation: {
    type: 'hook',
    inputFields,
    sample: { form_id: 1, answers: { a: 'x' } },
    outputFields: [{ key: 'edit_link', label: 'Edit Link' }],
  },
});
/** A small public version: custom auth with one field, a hook trigger, an action, a search, a pair. */
export const base = (): Json => ({
  authentication: { type: 'custom', fields: [field('api_key', { required: true })] },
  triggers: { new_thing: hookTrigger(), list_things: { key: 'list_things', operation: {} } },
  creates: { make_thing: { key: 'make_thing', operation: { inputFields: [field('name')] } } },
  searches: {
    find_thing: { key: 'find_thing', operation: { inputFields: [field('q', { required: true })] } },
  },
  searchOrCreates: { find_thing: { key: 'find_thing', search: 'find_thing', create: 'make_thing' } },
  // a published version written as data: what its steps gave (a sample key, a nested one, an output field)
  emitted: { new_thing: ['form_id', 'answers', 'answers__a', 'edit_link'] },
});
/** The small public version with Make Thing taking these inputs. */
export const withCreate = (inputFields: unknown[]): Json => ({
  ...base(),
  creates: { make_thing: { key: 'make_thing', operation: { inputFields } } },
});
