import { formReadScope } from '../helpers/recorded';
import { api } from '../helpers/scopes';

/** A form with one webhook integration (secret, two headers, trigger conditions) and one Slack one. */
export const FORM_ID = 42;
export const WEBHOOK_ID = 12;
export const CURRENT_SECRET = 'cur-Secret-7f3a9QzX';
export const CURRENT_TOKEN_HEADER = 'hdr-value-Zk29fLw8';

export const currentData = () => ({
  webhook_url: 'https://hooks.example.com/opnform?channel=forms',
  webhook_secret: CURRENT_SECRET,
  webhook_headers: { 'X-Source': 'opnform-forms', 'X-Custom-Key': CURRENT_TOKEN_HEADER },
  conditions: { operatorIdentifier: 'and', children: [{ identifier: 'email', value: 'x' }] },
  provider_note: 'kept as is',
});

export const webhookIntegration = (data: Record<string, unknown> = currentData()) => ({
  id: WEBHOOK_ID,
  form_id: FORM_ID,
  integration_id: 'webhook',
  status: 'active',
  data,
  created_at: '2026-11-01T10:00:00.000000Z',
});

export const slackIntegration = {
  id: 13,
  form_id: FORM_ID,
  integration_id: 'slack',
  status: 'active',
  data: { slack_webhook_url: 'https://hooks.slack.com/services/T000/B000/XXXX' },
};

export const BASE_INPUT = {
  workspace_id: '7',
  form_id: String(FORM_ID),
  webhook_integration_id: String(WEBHOOK_ID),
};

/**
 * The API scope of a webhook step, after the form read every one of them sends first (is the form in
 * the chosen workspace?): form 42 of workspace 7, as `BASE_INPUT` chooses.
 */
export const afterFormRead = (formId: number | string = FORM_ID, workspaceId: number | string = 7) => {
  formReadScope(formId, workspaceId);
  return api();
};
