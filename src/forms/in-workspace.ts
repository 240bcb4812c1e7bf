import type { Bundle, ZObject } from 'zapier-platform-core';
import * as forms from '../api/forms';
import { badResponse, halt, invalidInput } from '../errors';
import type { Form } from '../schemas/forms';

/**
 * The Workspace picker of a step is a promise, not only a filter for the Form dropdown: a form id mapped
 * from another step may name a form of another workspace, and a write to it would touch what the user
 * did not choose. So a form read (`workspace_id`) outside the chosen workspace is refused, naming both;
 * `unchanged` says what was not done ("Nothing was deleted.").
 */
export const refuseOtherWorkspace = (
  z: ZObject,
  form: { id: number; workspace_id?: unknown },
  workspaceId: number,
  unchanged: string,
): void => {
  const actual = form.workspace_id;
  if (actual === workspaceId) return;
  if (typeof actual !== 'number') {
    throw badResponse(
      z,
      `OpnForm's read of form ${form.id} does not say which workspace it is in, so the step cannot check that ` +
        `it is in the chosen workspace ${workspaceId}. ${unchanged}`,
    );
  }
  throw invalidInput(
    z,
    `Form (form_id) ${form.id} is in workspace ${actual}, not in the chosen Workspace (workspace_id) ` +
      `${workspaceId}. Choose workspace ${actual}, or a form of workspace ${workspaceId}. ${unchanged}`,
  );
};

/** `GET /open/forms/{id}`, refused unless the form is in the chosen workspace (an unknown form: not found). */
export const readFormIn = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  workspaceId: number,
  unchanged: string,
): Promise<Form> => {
  const form = await forms.read(z, bundle, formId);
  refuseOtherWorkspace(z, form, workspaceId, unchanged);
  return form;
};

/**
 * The same read before a delete: a form that is not there (404) halts, since what the step deletes
 * went with it (rule in src/errors.ts).
 */
export const findFormToDeleteIn = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  workspaceId: number,
): Promise<Form> => {
  const form = await forms.find(z, bundle, String(formId));
  if (form === undefined) throw halt(z, forms.gone(formId));
  refuseOtherWorkspace(z, form, workspaceId, 'Nothing was deleted.');
  return form;
};
