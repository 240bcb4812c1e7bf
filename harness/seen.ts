/** A Zapier error as the user sees it: z.errors.Error serialises {message, code, status} into `message`. */
export interface SeenError {
  name: string;
  message: string;
  code?: string;
  status?: number;
  delay?: number;
}

export const seen = (error: unknown): SeenError => {
  const e = error as Error;
  // core's test runner appends "What happened: ..." context to some errors; the user-facing part comes first
  const text = e.message.split('\nWhat happened:')[0] ?? e.message;
  try {
    const parsed = JSON.parse(text) as { message: string; code?: string; status?: number; delay?: number };
    return { name: e.name, ...parsed };
  } catch {
    return { name: e.name, message: text };
  }
};
