// The integrations parts (test/integrations/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('integrations/create-delete-recorded', () => require('./integrations/create-delete-recorded.tests'));
part('integrations/delivery-failures', () => require('./integrations/delivery-failures.tests'));
part('integrations/find-webhook-integration', () => require('./integrations/find-webhook-integration.tests'));
part('integrations/logging', () => require('./integrations/logging.tests'));
part('integrations/recorded', () => require('./integrations/recorded.tests'));
part('integrations/signature', () => require('./integrations/signature.tests'));
part('integrations/update-webhook-integration', () =>
  require('./integrations/update-webhook-integration.tests'),
);
part('integrations/webhook-integration-list', () => require('./integrations/webhook-integration-list.tests'));
part('integrations/webhook-rules', () => require('./integrations/webhook-rules.tests'));
part('integrations/webhook-url-rules', () => require('./integrations/webhook-url-rules.tests'));
