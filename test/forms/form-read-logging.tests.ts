/**
 * A form's read holds its access password (`password`). Core logs every response body it reads, so
 * form reads are quiet: Zapier's log gets "form #id read (n blocks)" and never the body. Checked
 * through core's real lambda handler and logger (`customLogger` receives exactly what would be sent).
 */
import App from '../../index';
import { authData } from '../helpers/app';
import { api } from '../helpers/scopes';

// core's internal handler (what Zapier runs) has no type declarations
const createLambdaHandler: (
  app: unknown,
) => (event: Record<string, unknown>) => Promise<{ results: unknown }> =
  require('zapier-platform-core/src/tools/create-lambda-handler');

const PASSWORD = 'Respondent-Pass-7731';

test("Find Form's read of a password-protected form logs a summary, never the form's password", async () => {
  const scope = api()
    .get('/open/forms/contact-us')
    .reply(200, {
      id: 42,
      slug: 'contact-us',
      title: 'Contact Us',
      workspace_id: 7,
      password: PASSWORD,
      properties: [{ id: 'b-name', type: 'text', name: 'Name' }],
    });
  const logs: string[] = [];
  const { results } = await createLambdaHandler(App)({
    command: 'execute',
    method: 'searches.find_form.operation.perform',
    bundle: { authData, inputData: { form: 'contact-us' } },
    customLogger: (message: string, data: unknown) => logs.push(`${message} ${JSON.stringify(data)}`),
  });
  expect(scope.isDone()).toBe(true);
  expect((results as Array<{ id: number }>).map((form) => form.id)).toEqual([42]);
  expect(logs.some((line) => line.includes('form #42 read (1 blocks)'))).toBe(true);
  expect(logs.filter((line) => line.includes(PASSWORD))).toEqual([]);
});
