import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './src/auth';
import { formFieldList } from './src/forms/form-field-list';
import { formList } from './src/forms/form-list';
import { mapOpnformErrors } from './src/http/middleware';
import { exportSubmissions } from './src/submissions/export/export-submissions';
import { exportFileHydrator } from './src/submissions/export/file-hydrator';
import { findExport } from './src/submissions/export/find-export';
import { submissionFile } from './src/submissions/files';
import { findSubmission } from './src/submissions/find-submission';
import { submissionList } from './src/submissions/submission-list';
import { updateSubmission } from './src/submissions/update-submission';
import { CONNECTOR_VERSION } from './src/version';
import { workspaceList } from './src/workspaces/workspace-list';

const app = defineApp({
  version: CONNECTOR_VERSION,
  platformVersion,
  authentication,
  afterResponse: [mapOpnformErrors],
  // Core's http patch would keep every chunk of a response in memory (a streamed CSV export whole) and
  // log it again; it skips only requests whose User-Agent is exactly "Zapier". z.request already logs
  // each request through core's own middleware, so the patch adds nothing here.
  flags: { skipHttpPatch: true },
  hydrators: { submissionFile, exportFile: exportFileHydrator },
  triggers: {
    [workspaceList.key]: workspaceList,
    [formList.key]: formList,
    [formFieldList.key]: formFieldList,
    [submissionList.key]: submissionList,
  },
  creates: {
    [updateSubmission.key]: updateSubmission,
    [exportSubmissions.key]: exportSubmissions,
  },
  searches: {
    [findSubmission.key]: findSubmission,
    [findExport.key]: findExport,
  },
});

// CommonJS `module.exports = app`: Zapier's production wrapper requires index.js and does not unwrap `.default`.
export = app;
