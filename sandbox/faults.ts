/**
 * The request log and the fault switches: every request the connector makes (API calls, public
 * routes, file and export downloads) is logged, then the first pending fault that matches it (by
 * method, path and token id when the fault names them) answers it instead, drops it, or slows it down.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultKind, FaultOptions, LoggedRequest } from './options';
import { write } from './reply';

export const FAULT_KINDS: readonly FaultKind[] = ['429', '500', 'slow', 'non-json', 'drop'];

export interface Fault {
  kind: FaultKind;
  left: number;
  options: FaultOptions;
}

export interface Faults {
  list: Fault[];
  log: LoggedRequest[];
  add(kind: FaultKind, count?: number, options?: FaultOptions): void;
  clear(): void;
  /** Logs the request and applies a matching fault; true when the fault answered (or dropped) it. */
  apply(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean>;
}

/** The id of a `Bearer <id>|<secret>` token (not a secret itself); undefined without one. */
const tokenIdOf = (req: IncomingMessage): number | undefined => {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Bearer ')) return undefined;
  const id = auth.slice('Bearer '.length).split('|', 1)[0] ?? '';
  return /^\d{1,9}$/.test(id) ? Number(id) : undefined;
};

const matches = (fault: Fault, method: string, path: string, tokenId: number | undefined) => {
  const { method: onlyMethod, path: onlyPath, tokenId: onlyToken } = fault.options;
  if (onlyMethod !== undefined && onlyMethod.toUpperCase() !== method) return false;
  if (onlyToken !== undefined && onlyToken !== tokenId) return false;
  if (onlyPath === undefined) return true;
  return typeof onlyPath === 'string' ? onlyPath === path : onlyPath.test(path);
};

export const createFaults = (sleep: (ms: number) => Promise<void>): Faults => {
  const list: Fault[] = [];
  const log: LoggedRequest[] = [];
  const apply = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    const method = req.method ?? 'GET';
    const tokenId = tokenIdOf(req);
    const entry: LoggedRequest = {
      method,
      path,
      query: query.toString(),
      status: 0,
      ...(tokenId === undefined ? {} : { tokenId }),
    };
    log.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    const index = list.findIndex((f) => matches(f, method, path, tokenId));
    const fault = list[index];
    if (fault === undefined) return false;
    fault.left -= 1;
    if (fault.left <= 0) list.splice(index, 1);
    switch (fault.kind) {
      case 'drop':
        req.socket.destroy();
        return true;
      case '429':
        write(
          res,
          429,
          { message: 'Too Many Attempts.' },
          { 'Retry-After': String(fault.options.retryAfter ?? 30) },
        );
        return true;
      case '500':
        write(res, 500, { message: 'Server Error' });
        return true;
      case 'non-json':
        write(
          res,
          200,
          '<!DOCTYPE html><html><head><title>OpnForm</title></head><body>Loading…</body></html>',
          {
            'Content-Type': 'text/html; charset=UTF-8',
          },
        );
        return true;
      case 'slow':
        await sleep(fault.options.delayMs ?? 3000);
        return false;
    }
    return false;
  };
  return {
    list,
    log,
    add: (kind, count = 1, options = {}) => {
      list.push({ kind, left: Math.max(1, count), options });
    },
    clear: () => {
      list.length = 0;
    },
    apply,
  };
};
