/**
 * The output fields every team action starts with: the id it acted on (its label says which) and the
 * workspace; each step adds the fields its sample does not say itself (labels that say more than the
 * key, date-times). The outcome flag, OpnForm's message, name and email are labelled from the sample.
 */
type Field = { key: string; label: string; type?: 'integer' | 'boolean' | 'datetime' };

export const teamActionFields = (idLabel: string, ...details: Field[]): Field[] => [
  { key: 'id', label: idLabel, type: 'integer' },
  { key: 'workspace_id', label: 'Workspace ID', type: 'integer' },
  ...details,
];
