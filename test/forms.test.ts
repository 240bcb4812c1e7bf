// The forms parts (test/forms/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('forms/choice-field-list', () => require('./forms/choice-field-list.tests'));
part('forms/create-form', () => require('./forms/create-form.tests'));
part('forms/create-prefilled-link', () => require('./forms/create-prefilled-link.tests'));
part('forms/delete-form', () => require('./forms/delete-form.tests'));
part('forms/duplicate-form', () => require('./forms/duplicate-form.tests'));
part('forms/find-form', () => require('./forms/find-form.tests'));
part('forms/form-field-list', () => require('./forms/form-field-list.tests'));
part('forms/form-list', () => require('./forms/form-list.tests'));
part('forms/form-list.recorded', () => require('./forms/form-list.recorded.tests'));
part('forms/form-read-logging', () => require('./forms/form-read-logging.tests'));
part('forms/int-booleans', () => require('./forms/int-booleans.tests'));
part('forms/legacy-lists.recorded', () => require('./forms/legacy-lists.recorded.tests'));
part('forms/new-form', () => require('./forms/new-form.tests'));
part('forms/prefill-answers', () => require('./forms/prefill-answers.tests'));
part('forms/update-form', () => require('./forms/update-form.tests'));
part('forms/update-form-race', () => require('./forms/update-form-race.tests'));
