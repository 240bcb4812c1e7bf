// A third of the e2e parts (test/e2e/), balanced with e2e-a and e2e-b by measured time
// (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('e2e/connector', () => require('./e2e/connector.tests'));
part('e2e/delete-replay', () => require('./e2e/delete-replay.tests'));
part('e2e/find-sqlite', () => require('./e2e/find-sqlite.tests'));
part('e2e/integrations-create', () => require('./e2e/integrations-create.tests'));
part('e2e/legacy-1.0.4', () => require('./e2e/legacy-1.0.4.tests'));
part('e2e/sandbox-deliveries', () => require('./e2e/sandbox-deliveries.tests'));
part('e2e/seed', () => require('./e2e/seed.tests'));
part('e2e/submissions', () => require('./e2e/submissions.tests'));
part('e2e/update-form', () => require('./e2e/update-form.tests'));
part('e2e/update-submission', () => require('./e2e/update-submission.tests'));
part('e2e/webhook-steps', () => require('./e2e/webhook-steps.tests'));
part('e2e/webhooks', () => require('./e2e/webhooks.tests'));
part('e2e/workspaces-routes', () => require('./e2e/workspaces-routes.tests'));
