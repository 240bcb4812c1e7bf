// `npm start`: starts the OpnForm sandbox in-process and runs the connector's flow through
// zapier-platform-core, printing each step. Exit 0 when every step passes, 1 on the first failure.
// The sandbox runs in production mode (a queue worker with the recorded delays: the harder case):
//   npm start -- --sync   (or DEMO_MODE=sync)     jobs run in the request, like a server without a worker
//   DEMO_FAULT=429|500|slow|non-json|drop   switch a fault on for the run
//   DEMO_FAULT_AT="pick a form (form_list)" switch it on just before that step (default: the first)
//   DEMO_FAULT_DELAY_MS=...                 delay of the `slow` fault (default: past the HTTP timeout)

import { runDemo } from './flow';
import { demoOptions } from './options';

// The connector's development setting (src/http/base-url.ts): the demo's OpnForm is the loopback sandbox.
process.env.OPNFORM_DEV_LOCAL_SERVER = '1';

const options = demoOptions(process.argv.slice(2), process.env);
if ('error' in options) {
  console.error(options.error);
  process.exit(2);
}

runDemo(options).then(
  (result) => {
    if (!result.ok) {
      console.error(`\nnpm start failed at step "${result.failedStep}": ${result.error}`);
      process.exit(1);
    }
    process.exit(0);
  },
  (error: unknown) => {
    console.error('npm start could not run:', error);
    process.exit(1);
  },
);
