// Guardrail 9 (scripts/json-schema-compat.ts): a json input whose schema refuses what it accepted.
import { breakingChanges } from '../../scripts/breaking-change';
import { field, type Json, withCreate } from './definitions';

describe('json-schema-incompatible (guardrail 9): a json input whose schema refuses what it accepted', () => {
  const SCHEMA = {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 50 },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['name'],
  };
  const jsonInput = (schema: unknown) =>
    withCreate([field('payload', { type: 'json', ...(schema ? { schema } : {}) })]);
  const between = (before: unknown, after: unknown) => breakingChanges(jsonInput(before), jsonInput(after));

  test('loosened or only described: not breaking', () => {
    expect(
      between(SCHEMA, {
        type: ['object', 'null'],
        description: 'What to send.',
        properties: {
          name: { type: 'string', maxLength: 80, title: 'Name' },
          tags: { type: 'array', items: { type: ['string', 'number'] } },
          note: { description: 'Any value, as before.' },
        },
      }),
    ).toEqual([]);
    expect(between(SCHEMA, undefined)).toEqual([]);
  });

  test('tightened: each place named', () => {
    const at = 'creates.make_thing.inputFields.payload.schema';
    expect(
      between(SCHEMA, {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 20, enum: ['a', 'b'] },
          tags: { type: 'array', items: { type: 'integer' } },
          email: { type: 'string', format: 'email' },
        },
        required: ['name', 'email'],
        additionalProperties: false,
      }).map((c) => [c.rule, c.at]),
    ).toEqual(
      [
        `${at}.required.email`,
        `${at}.properties.name.enum`,
        `${at}.properties.name.maxLength`,
        `${at}.properties.tags.items.type`,
        `${at}.properties.email`,
        `${at}.additionalProperties`,
      ].map((where) => ['json-schema-incompatible', where]),
    );
  });

  test("draft 4's boolean exclusive bounds: set is tightened, unchanged is not", () => {
    const at = 'creates.make_thing.inputFields.payload.schema.properties.count';
    const counted = (bounds: Json) => ({
      type: 'object',
      properties: { count: { minimum: 0, ...bounds } },
    });
    expect(between(counted({}), counted({ exclusiveMinimum: true, exclusiveMaximum: true }))).toEqual([
      { rule: 'json-schema-incompatible', at: `${at}.exclusiveMinimum` },
      { rule: 'json-schema-incompatible', at: `${at}.exclusiveMaximum` },
    ]);
    expect(between(counted({ exclusiveMinimum: true }), counted({ exclusiveMinimum: true }))).toEqual([]);
  });

  test('a schema where there was none (any JSON was accepted), and json became text', () => {
    expect(between(undefined, SCHEMA)).toEqual([
      { rule: 'json-schema-incompatible', at: 'creates.make_thing.inputFields.payload.schema' },
    ]);
    expect(breakingChanges(jsonInput(SCHEMA), withCreate([field('payload')]))).toEqual([
      { rule: 'input-type-changed', at: 'creates.make_thing.inputFields.payload' },
    ]);
  });
});
