// `npm run sandbox`: starts the OpnForm sandbox alone and prints a `.env` for `zapier-platform invoke`.
//   npm run sandbox -- --port 8787        a fixed port (default: a free one; or SANDBOX_PORT)
//   npm run sandbox -- --write-env        also write that `.env` (only over a `.env` it wrote before)
//   npm run sandbox -- --production       a production server: a queue worker stores answers and sends
//                                         deliveries later (SANDBOX_WORKER_DELAY_MS, default 3000)
//   npm run sandbox -- --int-booleans     form booleans as 0/1, like a self-hosted server on sqlite/MySQL
//   npm run sandbox -- --self-hosted      the licence limits of an unlicensed self-hosted server
//   npm run sandbox -- --s3               OpnForm Cloud's S3 uploads (`storage: 's3'`: signed storage URLs)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { invokeBuildProblem } from './invoke-build';
import { startSandbox } from './server';

const MARK = '# written by `npm run sandbox`';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const main = async () => {
  const port = Number(value('--port') ?? process.env.SANDBOX_PORT ?? 0);
  const production = flag('--production');
  if (production && flag('--int-booleans')) {
    console.error('--int-booleans is a sqlite behaviour: not with --production (PostgreSQL).');
    process.exit(2);
  }
  const delay = process.env.SANDBOX_WORKER_DELAY_MS;
  const sandbox = await startSandbox({
    port,
    mode: production ? 'production' : 'sync',
    ...(production && delay !== undefined && delay !== '' ? { worker: { delayMs: Number(delay) } } : {}),
    exportPollDelayMs: Number(process.env.SANDBOX_EXPORT_DELAY_MS) || 3000,
    intBooleans: flag('--int-booleans'),
    selfHosted: flag('--self-hosted'),
    storage: flag('--s3') ? 's3' : 'local',
  });
  const env = [
    MARK,
    `authData_base_url=${sandbox.baseUrl}`,
    `authData_api_key=${sandbox.tokens.admin}`,
    // the connector's development setting: lets it use this loopback http server (see src/http/base-url.ts)
    'OPNFORM_DEV_LOCAL_SERVER=1',
    '',
  ].join('\n');
  const { ids, tokens } = sandbox;
  console.log(`OpnForm sandbox listening on ${sandbox.baseUrl}`);
  console.log(
    sandbox.worker === undefined
      ? 'Mode: sync (jobs run in the request, like a sqlite server without a queue worker)\n'
      : `Mode: production (a queue worker runs each job ${sandbox.worker.delayMs} ms after it is queued)\n`,
  );
  console.log('# .env for `npx zapier-platform invoke` (the workspace admin token):');
  console.log(env);
  if (flag('--write-env')) {
    const file = resolve(process.cwd(), '.env');
    if (existsSync(file) && !readFileSync(file, 'utf8').startsWith(MARK)) {
      console.error(
        `Not overwriting ${file}: it was not written by the sandbox. Copy the block above instead.\n`,
      );
    } else {
      writeFileSync(file, env);
      console.log(`(written to ${file})\n`);
    }
  }
  console.log('Tokens:');
  for (const [name, token] of Object.entries(tokens)) console.log(`  ${name.padEnd(15)} ${token}`);
  console.log('\nSeeded ids:');
  console.log(
    `  workspace ${ids.workspaceId} (pro), other workspace ${ids.otherWorkspaceId} (free plan)\n` +
      `  form ${ids.formId} "${ids.formSlug}" (every block type), large form ${ids.largeFormId} (async export), ` +
      `empty form ${ids.emptyFormId}, free-plan form ${ids.freeFormId}\n` +
      `  webhook integration ${ids.webhookIntegrationId}; invites: pending ${ids.pendingInviteId}, ` +
      `accepted ${ids.acceptedInviteId}, expired ${ids.expiredInviteId}\n` +
      `  users: admin ${ids.adminUserId}, member ${ids.memberUserId}, readonly ${ids.readonlyUserId}`,
  );
  console.log(
    `\nSandbox-only routes: POST ${sandbox.origin}/__sandbox/forms/${ids.formId}/submit {"answers":{...}}, ` +
      `POST ${sandbox.origin}/__sandbox/faults {"kind":"500","count":1} (optional "method", "path"), GET ${sandbox.origin}/__sandbox/deliveries`,
  );
  if (sandbox.worker !== undefined)
    console.log(
      `Queue worker: GET ${sandbox.origin}/__sandbox/worker (what waits), POST .../worker/run (run it now), ` +
        'POST .../worker/pause, POST .../worker/resume',
    );
  const problem = invokeBuildProblem(resolve(__dirname, '..'));
  if (problem !== undefined) console.log(`\nBefore invoking: ${problem}`);
  console.log('\nCtrl-C to stop.');
  const stop = () => {
    sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(
      `The sandbox could not start: ${(error as Error).message}. Another sandbox may still be running: stop ` +
        'it (Ctrl-C in its terminal), or choose another port with --port.',
    );
  } else console.error('The sandbox could not start:', error);
  process.exit(1);
});
