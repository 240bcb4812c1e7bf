/**
 * The output every team action starts with: the id it acted on, the workspace, what happened (a
 * yes/no flag such as `removed`, or the new role) and OpnForm's message; each step adds its details.
 */
type Field = { key: string; label: string; type: 'integer' | 'string' | 'boolean' | 'datetime' };

export const teamActionFields = (idLabel: string, outcome: Field, ...details: Field[]): Field[] => [
  { key: 'id', label: idLabel, type: 'integer' },
  { key: 'workspace_id', label: 'Workspace ID', type: 'integer' },
  outcome,
  { key: 'message', label: 'Message', type: 'string' },
  ...details,
];
