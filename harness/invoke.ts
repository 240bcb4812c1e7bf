import * as core from 'zapier-platform-core';
import App from '../index';
import type { Sandbox } from '../sandbox/server';
import { type SeenError, seen } from './seen';

// `createAppHandler` (the runtime's entry point) is exported by core but missing from its types
const { createAppHandler } = core as unknown as {
  createAppHandler: (app: unknown) => (event: object) => Promise<{ results: unknown }>;
};
/** The app behind core's handler: what Zapier's runtime calls (`command: 'execute'`, a method, a bundle). */
export const appHandler = createAppHandler(App);

export interface Invocation {
  results?: unknown;
  error?: SeenError;
  /** The error's whole message as Zapier receives it (core's "What happened" context included). */
  rawMessage?: string;
  /** Every log line core wrote for the call (HTTP logs included), as text. */
  logs: string[];
}

/** Calls an app method through core's handler, as Zapier's runtime does, capturing the logs. */
export const invokeLogged = async (
  sandbox: Sandbox,
  method: string,
  inputData: Record<string, unknown>,
  bundle: Record<string, unknown> = {},
  event: Record<string, unknown> = {},
): Promise<Invocation> => {
  const logs: string[] = [];
  try {
    const reply = await appHandler({
      command: 'execute',
      method,
      bundle: {
        authData: { base_url: sandbox.baseUrl, api_key: sandbox.tokens.admin },
        inputData,
        ...bundle,
      },
      calledFromCli: true,
      calledFromCliInvoke: true,
      customLogger: (message: string, data: unknown) => logs.push(`${message} ${JSON.stringify(data)}`),
      ...event,
    });
    return { results: reply.results, logs };
  } catch (error) {
    return { error: seen(error), rawMessage: String((error as Error)?.message), logs };
  }
};
