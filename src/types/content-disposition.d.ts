// content-disposition 0.5.4 ships no types; only `parse` is used.
declare module 'content-disposition' {
  interface ContentDisposition {
    type: string;
    parameters: Record<string, string>;
  }
  function contentDisposition(
    filename?: string,
    options?: { type?: string; fallback?: string | boolean },
  ): string;
  namespace contentDisposition {
    function parse(header: string): ContentDisposition;
  }
  export = contentDisposition;
}
