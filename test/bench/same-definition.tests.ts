// The benchmark's same-definition app (harness/same-definition.ts): core answers `definition` for it with
// exactly the JSON it was built from, and none of its functions does anything.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as core from 'zapier-platform-core';
import { sameDefinitionSource, writeSameDefinitionApp } from '../../harness/same-definition';
import App from '../../index';

// `createAppHandler` (the runtime's entry point) is exported by core but missing from its types
const { createAppHandler } = core as unknown as {
  createAppHandler: (app: unknown) => (event: object) => Promise<{ results: Record<string, unknown> }>;
};
const definitionOf = async (app: unknown) =>
  (await createAppHandler(app)({ command: 'definition', calledFromCli: true, customLogger: () => {} }))
    .results;

// written inside the repository (build/ is ignored) so that the app's require('zapier-platform-core') resolves
const BUILD = resolve(__dirname, '..', '..', 'build');
let dir: string;
beforeAll(() => {
  mkdirSync(BUILD, { recursive: true });
  dir = mkdtempSync(join(BUILD, 'same-definition-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("from the connector's definition.json, an app whose definition is the same JSON, byte for byte", async () => {
  const definition = await definitionOf(App);
  const definitionFile = join(dir, 'definition.json');
  writeFileSync(definitionFile, JSON.stringify(definition, null, 2));
  const indexFile = join(dir, 'connector-index.js');
  writeSameDefinitionApp(definitionFile, indexFile);

  const revived = await definitionOf(require(indexFile));
  expect(JSON.stringify(revived)).toBe(JSON.stringify(definition));
  expect(JSON.stringify(definition)).toContain('"perform":"$func$2$f$"'); // functions were there to revive
});

test('every function is a no-op of the same arity; middleware hands its request or response on', async () => {
  const definition = {
    version: '1.0.0',
    platformVersion: '0.0.0',
    beforeRequest: ['$func$3$t$'],
    afterResponse: ['$func$2$f$'],
    triggers: {
      thing: {
        key: 'thing',
        noun: 'Thing',
        display: { label: 'New Thing', description: 'Triggers when "$func$2$f$" is a label.' },
        operation: { perform: '$func$2$f$', outputFields: [{ key: 'id' }, '$func$1$t$'], sample: { id: 1 } },
      },
    },
  };
  const indexFile = join(dir, 'small-index.js');
  writeFileSync(indexFile, sameDefinitionSource(definition));
  type Fn = (...args: unknown[]) => unknown;
  const app = require(indexFile) as {
    platformVersion: string;
    beforeRequest: Fn[];
    afterResponse: Fn[];
    triggers: { thing: { operation: { perform: Fn; outputFields: [object, Fn] } } };
  };

  expect(app.platformVersion).toBe(core.version); // core's version, as a bare app built today declares
  const [before] = app.beforeRequest;
  const [after] = app.afterResponse;
  const { perform, outputFields } = app.triggers.thing.operation;
  expect([before?.length, after?.length, perform.length, outputFields[1].length]).toEqual([3, 2, 2, 1]);
  expect([before?.('request', 'z', 'bundle'), after?.('response', 'z'), perform('z', 'bundle')]).toEqual([
    'request',
    'response',
    undefined,
  ]);
  expect(outputFields[1]('z')).toBeUndefined();
  // core serializes them back to the placeholders they came from; a string that only looks like one
  // inside a longer text stays text
  expect(await definitionOf(app)).toMatchObject({
    ...definition,
    platformVersion: core.version,
    triggers: { thing: definition.triggers.thing },
  });
});
