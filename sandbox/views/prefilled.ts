/**
 * The public form page a respondent opens from the form's `share_url`, with the answers the link's
 * query pre-fills, read as OpnForm's client reads them (client/composables/forms/
 * useFormInitialization.js: `applyUrlParameters`, then `resetAndFill`): a plain parameter is the
 * answer to the question with that id (parsed as JSON when it starts with "{"), `<id>[]` parameters
 * are a list; then a checkbox's "true"/"1" and "false"/"0" become a tick, a select's option id its
 * name, and a scale's text a whole number (`parseInt`, as its input does on mount; a rating or slider
 * keeps its text). Other parameters stay in the data, as on
 * the real client. The page shows each question with its pre-filled value and carries the data as
 * JSON (`<script id="prefilled">`) for tests and the demo.
 */
import type { Block, Form } from '../state';

const prefilledData = (f: Pick<Form, 'properties'>, params: URLSearchParams): Record<string, unknown> => {
  const data: Record<string, unknown> = {};
  params.forEach((value, key) => {
    if (key.endsWith('[]')) return;
    try {
      data[key] = value.startsWith('{') ? JSON.parse(value) : value;
    } catch {
      data[key] = value;
    }
  });
  for (const key of new Set(params.keys()))
    if (key.endsWith('[]')) data[key.slice(0, -2)] = params.getAll(key);
  for (const block of f.properties) {
    const value = data[block.id];
    if (value === undefined || value === null) continue;
    if (block.type === 'scale' && typeof value === 'string') {
      // core/ScaleInput.vue parseInts a text value on mount (2.5 becomes 2); rating and slider keep the text
      data[block.id] = Number.parseInt(value, 10);
    } else if (block.type === 'checkbox') {
      if (value === '1' || (typeof value === 'string' && value.toLowerCase() === 'true'))
        data[block.id] = true;
      if (value === '0' || (typeof value === 'string' && value.toLowerCase() === 'false'))
        data[block.id] = false;
    } else if (block.type === 'select' || block.type === 'multi_select') {
      const options = (block.type === 'select' ? block.select : block.multi_select)?.options ?? [];
      const name = (given: unknown) => options.find((o) => o.id === given)?.name ?? given;
      data[block.id] = Array.isArray(value) ? value.map(name) : name(value);
    }
  }
  return data;
};

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const shown = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const questionRow = (block: Block, data: Record<string, unknown>) =>
  `<li data-id="${html(block.id)}"><label>${html(block.name)}${block.hidden ? ' (hidden)' : ''}</label> ` +
  `<output>${html(shown(data[block.id]))}</output></li>`;

/** The page: the title, each question with its pre-filled value, the data as JSON. */
export const prefilledPage = (f: Pick<Form, 'title' | 'properties'>, params: URLSearchParams): string => {
  const data = prefilledData(f, params);
  const questions = f.properties.filter((b) => !b.type.startsWith('nf-'));
  // "<" escaped inside the JSON so a value cannot close the script element
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${html(f.title)}</title></head><body>`,
    `<h1>${html(f.title)}</h1>`,
    `<ul>${questions.map((b) => questionRow(b, data)).join('')}</ul>`,
    `<script type="application/json" id="prefilled">${json}</script>`,
    '</body></html>',
  ].join('\n');
};
