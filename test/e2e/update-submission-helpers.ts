// What the Update Submission e2e files share: reading a submission back as the API lists it.
import type { Sandbox } from '../../sandbox/server';
import { call } from './helpers';

type Listed = { id: number; data: Record<string, unknown>; completion_time: number | null };

/** A submission as the API lists it now (searched on every page). */
export const lister =
  (sandbox: () => Sandbox) =>
  async (formId: number, id: number): Promise<Listed | undefined> => {
    for (let page = 1; ; page += 1) {
      const reply = await call(
        sandbox(),
        'GET',
        `/open/forms/${formId}/submissions?page=${page}&per_page=100`,
      );
      const found = (reply.json.data as Listed[]).find((item) => item.id === id);
      if (found !== undefined || page >= reply.json.meta.last_page) return found;
    }
  };

export const fileNames = (value: unknown) => (value as Array<{ file_name: string }>).map((f) => f.file_name);
