// The submissions parts (test/submissions/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('submissions/answer-inputs', () => require('./submissions/answer-inputs.tests'));
part('submissions/create/create-recorded', () => require('./submissions/create/create-recorded.tests'));
part('submissions/create/fields', () => require('./submissions/create/fields.tests'));
part('submissions/create/queued', () => require('./submissions/create/queued.tests'));
part('submissions/create/refused', () => require('./submissions/create/refused.tests'));
part('submissions/create/upsert', () => require('./submissions/create/upsert.tests'));
part('submissions/delete-submission', () => require('./submissions/delete-submission.tests'));
part('submissions/exact-match', () => require('./submissions/exact-match.tests'));
part('submissions/export/chunks', () => require('./submissions/export/chunks.tests'));
part('submissions/export/csv-stash', () => require('./submissions/export/csv-stash.tests'));
part('submissions/export/export-submissions-by-ids', () =>
  require('./submissions/export/export-submissions-by-ids.tests'),
);
part('submissions/export/export-submissions', () => require('./submissions/export/export-submissions.tests'));
part('submissions/export/find-export', () => require('./submissions/export/find-export.tests'));
part('submissions/file-answers-s3', () => require('./submissions/file-answers-s3.tests'));
part('submissions/file-answers', () => require('./submissions/file-answers.tests'));
part('submissions/find-submission-by-id', () => require('./submissions/find-submission-by-id.tests'));
part('submissions/find-submission', () => require('./submissions/find-submission.tests'));
part('submissions/legacy-output', () => require('./submissions/legacy-output.tests'));
part('submissions/new-or-updated-submission', () => require('./submissions/new-or-updated-submission.tests'));
part('submissions/new-partial-submission', () => require('./submissions/new-partial-submission.tests'));
part('submissions/new-submission.delivery', () => require('./submissions/new-submission.delivery.tests'));
part('submissions/new-submission.recorded', () => require('./submissions/new-submission.recorded.tests'));
part('submissions/new-submission', () => require('./submissions/new-submission.tests'));
part('submissions/shape', () => require('./submissions/shape.tests'));
part('submissions/submission-list', () => require('./submissions/submission-list.tests'));
part('submissions/transfer-cursor', () => require('./submissions/transfer-cursor.tests'));
part('submissions/transfer', () => require('./submissions/transfer.tests'));
part('submissions/update/checks', () => require('./submissions/update/checks.tests'));
part('submissions/update/update-recorded', () => require('./submissions/update/update-recorded.tests'));
part('submissions/update/update-scan', () => require('./submissions/update/update-scan.tests'));
part('submissions/update/update-submission', () => require('./submissions/update/update-submission.tests'));
