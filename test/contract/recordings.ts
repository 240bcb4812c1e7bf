/**
 * The recordings a replay runs (replay.ts): which files, in which order, with whose tokens, and what
 * they show (their submissions, their times).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDED_AUTH } from '../../sandbox/recorded-seed';
import { RECORDED_DIR, type Recording } from '../helpers/recorded';

/** The README's recording order (state carries over from file to file). */
export const RECORDING_ORDER = [
  'forms--create-form',
  'external--validate',
  'external--workspaces',
  'external--forms',
  'external--webhook-subscribe',
  'external--hook-delivery-every-block',
  'external--submissions-recent',
  'external--webhook-unsubscribe',
  'forms--list-workspaces',
  'forms--list-workspace-forms',
  'forms--get-form',
  'forms--list-all-forms',
  'forms--update-form',
  'forms--delete-form',
  'submissions--public-create',
  'submissions--list',
  'submissions--update',
  'submissions--update-partial',
  'submissions--removed-question',
  'submissions--captcha-form',
  'submissions--date-formats',
  'submissions--delete',
  'submissions--file-links',
  'exports--sync-csv',
  'exports--attribution-columns',
  'exports--async-and-status',
  'integrations--create',
  'integrations--list',
  'integrations--webhook-delivery',
  'integrations--events',
  'integrations--update',
  'integrations--delete',
  'team--list-users',
  'team--add-user',
  'team--update-role',
  'team--remove-user',
  'team--invites',
  'team--leave',
  'limits--abilities-403',
  'limits--unauthenticated-401',
  'limits--rate-limit-429',
] as const;

/**
 * Group 9 of the recordings' README: recorded later on a rebuilt server (other users, workspaces and
 * ids), so they do not continue the state of the files above and are not replayed with them.
 */
export const REBUILT_SERVER_FILES = [
  'workspaces--create-update-delete',
  'forms--duplicate-form',
  'submissions--file-upload',
] as const;

export const readRecording = (file: string, dir = RECORDED_DIR): Recording =>
  JSON.parse(readFileSync(join(dir, `${file}.json`), 'utf8')) as Recording;

/** A set of recordings replayed in order against one sandbox: where, which files, whose tokens. */
export interface RecordingSet {
  dir: string;
  files: readonly string[];
  /** The bearer token of each recorded `auth` value (`none` sends no header). */
  auth: Record<string, string>;
  /** A time before the first exchange (ISO), where the replay's clock starts (default: group 1's). */
  startsAt?: string;
}

export const SYNC_SET: RecordingSet = { dir: RECORDED_DIR, files: RECORDING_ORDER, auth: RECORDED_AUTH };

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `Y-m-d H:i:s` (UTC, as the API shows submission times) or ISO 8601, in ms. */
export const parseTime = (text: string) =>
  Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);

/** Submission ids the recordings show, per form (the order a replay creates them in). */
export const recordedSubmissions = (set: RecordingSet) => {
  const byId = new Map<number, { form: number; uuid: string; data: Record<string, unknown> }>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node)) {
      if (
        typeof node.id === 'number' &&
        typeof node.form_id === 'number' &&
        typeof node.submission_id === 'string' &&
        isRecord(node.data)
      )
        byId.set(node.id, { form: node.form_id, uuid: node.submission_id, data: node.data });
      Object.values(node).forEach(walk);
    }
  };
  for (const file of set.files)
    for (const ex of readRecording(file, set.dir).exchanges) walk(ex.response.body);
  return byId;
};
