/**
 * The definition Zapier's runtime clones and freezes on every cold call (issue 21): core's `definition`
 * command, minified, at most 1.5 KB per step on average, so a new step must stay lean too. Help texts
 * say what a user needs in the editor; the longer material is in the step's README section.
 */
import { appHandler } from '../harness/invoke';

/** 1.5 KB per trigger, action and search (search-or-create pairs and the connection ride along). */
const PER_STEP = 1536;
const HELP_TEXT = 200;

/**
 * Help texts allowed to be longer, with the reason. The token's help links to the page where tokens
 * are made (Zapier's check D002) and names the five abilities to tick; the editor shows the link as its
 * text ("Settings > Access Tokens"): 223 characters shown, 269 written.
 */
const LONGER_HELP: Record<string, string> = {
  'authentication.api_key': 'the link Zapier asks for and the five abilities to tick',
};

type Field = { key?: string; helpText?: string };
type Step = { display: { hidden?: boolean }; operation: { inputFields?: unknown[] } };
type Definition = { authentication: { fields: Field[] } } & Record<
  'triggers' | 'creates' | 'searches',
  Record<string, Step>
>;

const KINDS = ['triggers', 'creates', 'searches'] as const;

let definition: Definition;
let minified: number;
beforeAll(async () => {
  const reply = await appHandler({ command: 'definition', calledFromCli: true, customLogger: () => {} });
  definition = reply.results as Definition;
  minified = Buffer.byteLength(JSON.stringify(definition));
});

test('at most 1.5 KB of minified definition per step (largest steps named when over)', () => {
  const steps = KINDS.flatMap((kind) =>
    Object.entries(definition[kind]).map(([key, step]) => ({
      at: `${kind}.${key}`,
      bytes: JSON.stringify(step).length,
    })),
  );
  const perStep = Math.round(minified / steps.length);
  const largest = [...steps].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  expect({ perStep, within: perStep <= PER_STEP, largest }).toEqual({ perStep, within: true, largest });
  expect(steps.length).toBeGreaterThan(30);
});

test(`no help text over ${HELP_TEXT} characters, except the ones listed with a reason`, () => {
  const texts = [
    ...definition.authentication.fields.map((f) => [`authentication.${f.key}`, f.helpText] as const),
    ...KINDS.flatMap((kind) =>
      Object.entries(definition[kind]).flatMap(([key, step]) =>
        (step.operation.inputFields ?? [])
          .filter((f): f is Field => typeof f === 'object' && f !== null)
          .map((f) => [`${kind}.${key}.${f.key}`, f.helpText] as const),
      ),
    ),
  ];
  const long = texts.filter(([, text]) => (text ?? '').length > HELP_TEXT).map(([at]) => at);
  expect(long).toEqual(Object.keys(LONGER_HELP));
});
