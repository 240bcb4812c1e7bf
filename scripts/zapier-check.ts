// The checks that need the Zapier CLI and the built zip (run by `npm test`):
// 1. `zapier-platform validate --without-style` on the bundled app;
// 2. `zapier-platform build --skip-validation` on a staged copy (the CLI smoke-loads the zip);
// 3. the zip's definition compared with scripts/definition.snapshot.json (scripts/definition-check.ts),
//    and Zapier's breaking-change rules (scripts/breaking-change.ts) from the public version 1.0.4 and
//    from the snapshot to the zip: a change that would need a new major version fails, naming the rule;
//    and every trigger description starts "Triggers when " (Zapier's D021: triggerDescriptionProblems);
// 4. the zip, unzipped, loaded through Zapier's own `zapierwrapper.js` handler the way production
//    does, answering `definition`, and refusing the loopback OpnForm sandbox (the release build has no
//    development setting), with no log line holding the token.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AdmZip from 'adm-zip';
import { startSandbox } from '../sandbox/server';
import { breakingChanges, describeChange, readPublicDefinition } from './breaking-change';
import {
  compareDefinition,
  leanEquivalent,
  readSnapshot,
  triggerDescriptionProblems,
  writeSnapshot,
} from './definition-check';

const root = resolve(__dirname, '..');
const cli = join(root, 'node_modules', 'zapier-platform-cli', 'src', 'bin', 'run');
const env = { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' };

/** The parts of the zip's `definition` answer this check reads. */
interface DefinitionResults {
  authentication?: { type?: string };
  triggers?: object;
  creates?: object;
  searches?: object;
}

const step = (name: string) => console.log(`\n== ${name}`);
const fail = (message: string): never => {
  console.error(`zapier-check FAILED: ${message}`);
  process.exit(1);
};

const main = async () => {
  step('zapier-platform validate --without-style');
  execFileSync(process.execPath, [cli, 'validate', '--without-style'], { cwd: root, stdio: 'inherit', env });

  step('zapier-platform build --skip-validation (staged)');
  execFileSync(process.execPath, [join(root, 'scripts', 'stage.mjs'), 'build', '--skip-validation'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });

  step('load build/build.zip through zapierwrapper.js');
  const dir = mkdtempSync(join(tmpdir(), 'opnform-zip-'));
  new AdmZip(join(root, 'build', 'build.zip')).extractAllTo(dir, true);

  const sandbox = await startSandbox({ submissions: 5, largeFormSubmissions: 0 });
  const base = sandbox.baseUrl;
  const TOKEN = sandbox.tokens.admin;

  const logs: string[] = [];
  const { handler } = require(join(dir, 'zapierwrapper.js')) as {
    handler: (event: object) => Promise<{ results?: DefinitionResults }>;
  };
  const event = (extra: object) => ({
    customLogger: (message: string, data: unknown) => logs.push(`${message} ${JSON.stringify(data)}`),
    ...extra,
  });
  try {
    const definition = await handler(event({ command: 'definition' }));
    const app = definition.results ?? fail('the zip answered no definition');
    if (app.authentication?.type !== 'custom') fail('definition has no custom authentication');
    const wording = triggerDescriptionProblems(app);
    if (wording.length > 0) fail(`trigger descriptions:\n  ${wording.join('\n  ')}`);
    console.log('every trigger description starts "Triggers when " (D021)');
    // A minor version of the public app: nothing Zapier's promotion check calls breaking, from the
    // public 1.0.4 or from the snapshot (read before any re-take, so re-taking cannot hide a break).
    for (const [from, published] of [
      ['the public version 1.0.4 (scripts/opnform-1.0.4.definition.json)', readPublicDefinition()],
      ['scripts/definition.snapshot.json', readSnapshot()],
    ] as const) {
      const breaking = breakingChanges(published, app);
      if (breaking.length > 0)
        fail(
          `a breaking change (needs a new major version) from ${from}:\n  ${breaking.map(describeChange).join('\n  ')}`,
        );
      console.log(`no breaking change from ${from}`);
    }
    // Live Zaps store keys, labels, inputs and samples: every published step must stay as it was.
    if (process.env.UPDATE_DEFINITION_SNAPSHOT === '1') {
      const beyondLean = leanEquivalent(readSnapshot(), app);
      writeSnapshot(app);
      console.log(
        'definition snapshot re-taken (UPDATE_DEFINITION_SNAPSHOT=1): review its diff; beyond help texts, ' +
          'default types, altersDynamicFields and output fields the samples say: ' +
          (beyondLean.length === 0 ? 'nothing' : `\n  ${beyondLean.join('\n  ')}`),
      );
    }
    const { problems, added } = compareDefinition(app, readSnapshot());
    if (problems.length > 0) fail(`definition changed:\n  ${problems.join('\n  ')}`);
    console.log(
      `definition matches scripts/definition.snapshot.json${added.length ? `; new: ${added.join(', ')}` : ''}`,
    );
    console.log(
      `definition: ${Object.keys(app.triggers ?? {}).length} triggers, ` +
        `${Object.keys(app.creates ?? {}).length} creates, ${Object.keys(app.searches ?? {}).length} searches`,
    );

    // The release build has the development setting compiled out: the loopback http sandbox must be
    // refused before any request, whatever the environment says.
    process.env.OPNFORM_DEV_LOCAL_SERVER = '1';
    const before = sandbox.requests().length;
    const refused = await handler(
      event({
        command: 'execute',
        method: 'authentication.test',
        bundle: { authData: { base_url: base, api_key: TOKEN }, inputData: {} },
      }),
    ).then(
      () => fail('the release build accepted a loopback http OpnForm URL'),
      (error: Error) => error,
    );
    if (!/is not usable: it must start with https:\/\//.test(String(refused?.message)))
      fail(`loopback URL: ${refused?.message}`);
    if (sandbox.requests().length !== before) fail('a request reached the loopback sandbox');
    console.log(`loopback http OpnForm URL refused by the release build: ${refused?.name}`);
    const leaked = logs.filter((line) => line.includes(TOKEN));
    if (leaked.length > 0) fail(`the token appears in ${leaked.length} log lines`);
    console.log(`logs: ${logs.length} lines, none holds the token`);
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('\nzapier-check passed');
};

main().catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
