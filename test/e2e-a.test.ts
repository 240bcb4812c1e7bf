// A third of the e2e parts (test/e2e/); e2e-b and e2e-c hold the rest, the three balanced by measured time
// (docs/quality.md, "Test time"). One test file, one module registry (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('e2e/api-request', () => require('./e2e/api-request.tests'));
part('e2e/boundary', () => require('./e2e/boundary.tests'));
part('e2e/demo', () => require('./e2e/demo.tests'));
part('e2e/faults', () => require('./e2e/faults.tests'));
part('e2e/form-steps', () => require('./e2e/form-steps.tests'));
part('e2e/production-create', () => require('./e2e/production-create.tests'));
part('e2e/sandbox-faults', () => require('./e2e/sandbox-faults.tests'));
part('e2e/sandbox-routes', () => require('./e2e/sandbox-routes.tests'));
part('e2e/sandbox-worker', () => require('./e2e/sandbox-worker.tests'));
part('e2e/security', () => require('./e2e/security.tests'));
part('e2e/team', () => require('./e2e/team.tests'));
part('e2e/update-submission-routes', () => require('./e2e/update-submission-routes.tests'));
