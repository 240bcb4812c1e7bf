import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as z from 'zod/mini';
import * as workspaces from '../api/workspaces';
import { inputObject, OptionalTextUpTo, refuse } from '../inputs/values';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { shapeWorkspace, WORKSPACE_OUTPUT_FIELDS, WORKSPACE_SAMPLE } from './workspace-output';

/** OpnForm's column holds 255 characters; the request has no rule (a longer name fails on PostgreSQL). */
export const NAME_LIMIT = 'OpnForm stores at most 255';
/** An icon is one emoji (OpnForm's `emoji`); 32 characters leave room for joined emoji. */
export const WorkspaceIcon = () => OptionalTextUpTo(32, 'an icon is one emoji');

/** A workspace name to create or find: required, trimmed, at most 255 characters. */
export const WorkspaceName = () =>
  z.pipe(
    OptionalTextUpTo(255, NAME_LIMIT),
    z.transform((name, ctx) => name ?? refuse(ctx, name, 'is required')),
  );

const inputFields = defineInputFields([
  { key: 'name', label: 'Name', required: true },
  { key: 'icon', label: 'Icon', required: false, helpText: 'One emoji, such as 🚀.' },
]);
const Input = inputObject(() => ({ name: WorkspaceName(), icon: WorkspaceIcon() }));

/** `POST /open/workspaces/create`: the icon goes as `emoji` (OpnForm ignores `icon`, recorded). */
const perform = (async (z, bundle) => {
  const { name, icon } = parseInput(z, Input(), bundle.inputData, inputFields);
  const reply = await workspaces.create(z, bundle, icon === undefined ? { name } : { name, emoji: icon });
  return { ...shapeWorkspace(reply.workspace), message: reply.message ?? 'Workspace created.' };
}) satisfies CreatePerform;

export const createWorkspace = defineCreate({
  key: 'create_workspace',
  noun: 'Workspace',
  display: {
    label: 'Create Workspace',
    description: 'Creates a workspace with a name and icon. Returns the new workspace.',
  },
  operation: {
    inputFields,
    perform,
    sample: { ...WORKSPACE_SAMPLE, message: 'Workspace created.' },
    outputFields: WORKSPACE_OUTPUT_FIELDS,
    throttle: throttleFor(1), // the create
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { name: 'Zap Created', icon: '🚀' },
    minimum: 1,
    why: 'create',
    review: {
      on: 'self-hosted and paid Cloud plans (the Free plan has one workspace)',
      evidence: ['workspaces--create-update-delete#6'],
    },
  },
];
