import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './src/auth';
import { findForm } from './src/forms/find-form';
import { formList } from './src/forms/form-list';
import { newForm } from './src/forms/new-form';
import { mapOpnformErrors } from './src/http/middleware';
import { updateWebhookIntegration } from './src/integrations/update-webhook-integration';
import { webhookIntegrationList } from './src/integrations/webhook-integration-list';
import { CONNECTOR_VERSION } from './src/version';
import { workspaceList } from './src/workspaces/workspace-list';

const app = defineApp({
  version: CONNECTOR_VERSION,
  platformVersion,
  authentication,
  afterResponse: [mapOpnformErrors],
  triggers: {
    [workspaceList.key]: workspaceList,
    [formList.key]: formList,
    [newForm.key]: newForm,
    [webhookIntegrationList.key]: webhookIntegrationList,
  },
  creates: {
    [updateWebhookIntegration.key]: updateWebhookIntegration,
  },
  searches: {
    [findForm.key]: findForm,
  },
});

// CommonJS `module.exports = app`: Zapier's production wrapper requires index.js and does not unwrap `.default`.
export = app;
