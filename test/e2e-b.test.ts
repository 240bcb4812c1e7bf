// A third of the e2e parts (test/e2e/), balanced with e2e-a and e2e-c by measured time
// (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('e2e/create-submission', () => require('./e2e/create-submission.tests'));
part('e2e/duplicate-form-routes', () => require('./e2e/duplicate-form-routes.tests'));
part('e2e/exports', () => require('./e2e/exports.tests'));
part('e2e/file-answers', () => require('./e2e/file-answers.tests'));
part('e2e/finds', () => require('./e2e/finds.tests'));
part('e2e/forms-routes', () => require('./e2e/forms-routes.tests'));
part('e2e/integrations-deliveries', () => require('./e2e/integrations-deliveries.tests'));
part('e2e/invite-member', () => require('./e2e/invite-member.tests'));
part('e2e/invoke-build', () => require('./e2e/invoke-build.tests'));
part('e2e/new-submission', () => require('./e2e/new-submission.tests'));
part('e2e/sandbox-production', () => require('./e2e/sandbox-production.tests'));
part('e2e/uploads-routes', () => require('./e2e/uploads-routes.tests'));
part('e2e/workspace-steps', () => require('./e2e/workspace-steps.tests'));
