/**
 * Files as a real OpnForm server keeps them (recorded: `submissions--file-upload`; the rest read
 * from its code): an upload waits in the temporary storage under `tmp/{uuid}` (`state.uploads`)
 * until an answer names it as `<name>_<uuid>.<ext>` (or the bare uuid); the answer is checked
 * against the question (`StorageFile` rule) and, when the submission is stored, the file moves to
 * the form's storage (`state.files`) under that name, which is the answer's value from then on.
 *
 * - An answer may also name a file already in the form's storage (a second answer reusing an upload,
 *   a PUT keeping a file), or give a file link of this server, mapped back to its stored name.
 * - A name whose uuid was never uploaded is "Invalid file."; too large for the question (its
 *   `max_file_size` in MB, at most the workspace's 50 MB) is "File is too large."; an extension
 *   outside `allowed_file_types` is "Incorrect file type. Allowed only: ...".
 * - A link to another host passes the rule and is dropped when stored (code reading:
 *   `StoreFormSubmissionJob::storeFile`), as is a name whose upload is gone by then.
 */
import type { Block, Form, SandboxState, StoredFile } from './state';
import { fileNameOfLink } from './submission-rules';

/** The workspace's file size limit (`Workspace::MAX_FILE_SIZE_PRO`, 50 MB; `max_file_size: 50`). */
export const WORKSPACE_MAX_FILE_BYTES = 50_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `StorageFileNameParser`: `<name>_<uuid>.<ext>` or a bare uuid. */
export const parseStoredName = (text: string): { uuid?: string; name?: string; extension?: string } => {
  if (UUID.test(text)) return { uuid: text };
  const cut = text.lastIndexOf('_');
  if (cut < 0) return {};
  const tail = text.slice(cut + 1);
  const dot = tail.indexOf('.');
  if (dot < 0 || !UUID.test(tail.slice(0, dot))) return {};
  return {
    uuid: tail.slice(0, dot),
    name: text.slice(0, cut),
    extension: tail.slice(tail.lastIndexOf('.') + 1),
  };
};

/** `S3KeyCleaner::sanitize`: Latin letters without accents, unsafe characters dropped, spaces as `-`. */
const cleanKey = (key: string) =>
  key
    .trim()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^0-9a-zA-Z! _.*'()\-/]/g, '')
    .replace(/ /g, '-');

/** `getMovedFileName()`: the name a file is stored under in the form's storage. */
export const movedName = (text: string): string | undefined => {
  const parsed = parseStoredName(text);
  if (parsed.uuid === undefined) return undefined;
  if (
    parsed.name === undefined ||
    parsed.name === '' ||
    parsed.extension === undefined ||
    parsed.extension === ''
  )
    return parsed.uuid;
  // `\p{C}` removed, as PHP does against corrupted paths
  const name = `${[...parsed.name].slice(0, 50).join('')}_${parsed.uuid}.${parsed.extension}`.replace(
    /\p{C}+/gu,
    '',
  );
  return cleanKey(name);
};

/** A file of the form's storage (a file placed without a form counts for every form). */
export const storedFor = (state: SandboxState, form: Form, name: string): StoredFile | undefined => {
  const file = state.files.get(name);
  return file !== undefined && (file.formId === undefined || file.formId === form.id) ? file : undefined;
};

const isLink = (text: string) => /^https?:\/\//i.test(text);

export type FileItemCheck = { keep: string } | { drop: true } | { error: string };

/**
 * The `StorageFile` rule for one item of a files answer, in the request: what it will be stored as,
 * or its error. `maxBytes` is the question's limit.
 */
export const checkFileItem = (
  state: SandboxState,
  form: Form,
  item: string,
  maxBytes: number,
  allowed: string[],
): FileItemCheck => {
  if (isLink(item)) {
    const name = fileNameOfLink(item);
    return name !== undefined && storedFor(state, form, name) !== undefined ? { keep: name } : { drop: true };
  }
  if (storedFor(state, form, item) !== undefined) return { keep: item };
  const moved = movedName(item);
  if (moved !== undefined && storedFor(state, form, moved) !== undefined) return { keep: moved };
  const { uuid, extension } = parseStoredName(item);
  const upload = uuid === undefined ? undefined : state.uploads?.get(uuid);
  if (upload === undefined || moved === undefined) return { error: 'Invalid file.' };
  if (upload.content.length > maxBytes) return { error: 'File is too large.' };
  if (allowed.length > 0 && !allowed.some((t) => t.toLowerCase() === (extension ?? '').toLowerCase()))
    return { error: `Incorrect file type. Allowed only: ${allowed.join(',')}` };
  return { keep: moved };
};

/** A files question's limit: its `max_file_size` (MB), at most the workspace's. */
export const questionMaxBytes = (block: Block) =>
  typeof block.max_file_size === 'number'
    ? Math.min(block.max_file_size * 1_000_000, WORKSPACE_MAX_FILE_BYTES)
    : WORKSPACE_MAX_FILE_BYTES;

/** `allowed_file_types` split on commas, as the server does (spaces kept). */
export const allowedTypes = (block: Block) =>
  typeof block.allowed_file_types === 'string' && block.allowed_file_types !== ''
    ? block.allowed_file_types.split(',')
    : [];

/** Whether a name (`<name>_<uuid>.<ext>` or a bare uuid) is of an upload still in the temporary storage. */
export const awaitsUpload = (state: SandboxState, name: string): boolean => {
  const uuid = parseStoredName(name).uuid;
  return uuid !== undefined && state.uploads?.has(uuid) === true;
};

/**
 * When a submission is stored: each upload a files or signature answer names (a signature given as an
 * uploaded file, as the connector sends it: the real server's store job moves it as it moves files)
 * moves from the temporary storage to the form's storage under its stored name (a name already there stays); a name whose upload is gone
 * is dropped from the answer. Returns the answers as stored.
 */
export const settleFiles = (state: SandboxState, form: Form, answers: Record<string, unknown>) => {
  const out = { ...answers };
  for (const block of form.properties) {
    const value = out[block.id];
    if ((block.type !== 'files' && block.type !== 'signature') || !Array.isArray(value)) continue;
    out[block.id] = value.flatMap((name) => {
      if (typeof name !== 'string') return [];
      if (storedFor(state, form, name) !== undefined) return [name];
      const uuid = parseStoredName(name).uuid;
      const upload = uuid === undefined ? undefined : state.uploads?.get(uuid);
      if (upload === undefined || uuid === undefined) return [];
      state.files.set(name, {
        name,
        content: upload.content,
        contentType: upload.contentType,
        formId: form.id,
      });
      state.uploads?.delete(uuid);
      return [name];
    });
  }
  return out;
};
