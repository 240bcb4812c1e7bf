import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './src/auth';
import { formList } from './src/forms/form-list';
import { mapOpnformErrors } from './src/http/middleware';
import { submissionFile } from './src/submissions/files';
import { newPartialSubmission } from './src/submissions/new-partial-submission';
import { newSubmission } from './src/submissions/new-submission';
import { CONNECTOR_VERSION } from './src/version';
import { workspaceList } from './src/workspaces/workspace-list';

const app = defineApp({
  version: CONNECTOR_VERSION,
  platformVersion,
  authentication,
  afterResponse: [mapOpnformErrors],
  hydrators: { submissionFile },
  triggers: {
    [workspaceList.key]: workspaceList,
    [formList.key]: formList,
    [newSubmission.key]: newSubmission,
    [newPartialSubmission.key]: newPartialSubmission,
  },
  creates: {},
  searches: {},
});

// CommonJS `module.exports = app`: Zapier's production wrapper requires index.js and does not unwrap `.default`.
export = app;
