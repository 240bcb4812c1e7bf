// What the Update Form suites share.

/** A PUT body matcher that keeps what was sent for the assertions. */
export const capture = () => {
  const sent: Record<string, unknown>[] = [];
  return {
    sent,
    match: (body: Record<string, unknown>) => {
      sent.push(body);
      return true;
    },
  };
};
