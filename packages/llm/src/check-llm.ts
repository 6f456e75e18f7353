import type { EventSink } from '@engram/kernel';
import { z } from 'zod';
import { createLlmClient, type LlmClientOptions } from './create-llm-client.js';
import { isLlmError, type LlmFailureReason } from './llm-error.js';
import type { LlmModels, LlmRole } from './llm-types.js';
import type { ResolvedLlmConfig } from './resolve-llm-config.js';

export interface LlmRoleCheck {
  readonly role: LlmRole;
  /** The model that answered (or was asked, when none did). */
  readonly model: string;
  readonly ok: boolean;
  readonly latencyMs: number;
  readonly attempts: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly reason?: LlmFailureReason;
  readonly message?: string;
}

export interface LlmCheckReport {
  readonly ok: boolean;
  readonly provider: string;
  readonly target: string;
  readonly models: LlmModels;
  readonly checks: readonly LlmRoleCheck[];
}

const CheckSchema = z.object({ ok: z.boolean() });
const ROLES: readonly LlmRole[] = ['planning', 'coding'];
/** The answer is one boolean; 256 tokens leave room for a model that says a sentence first. */
const CHECK_BUDGETS = [256, 1024];

/**
 * Asks each role's model one tiny structured question (purpose `check`), through the same path
 * every real call takes (forced tool, validation, retries, events). Rejects only for settings
 * that cannot work (`LlmConfigError`); a model that does not answer is a failed check.
 */
export const checkLlm = async (options: LlmClientOptions): Promise<LlmCheckReport> => {
  const seen: { type: string; data: Record<string, unknown> }[] = [];
  const sink: EventSink = {
    publish: (type, data, meta) => {
      seen.push({ type, data });
      options.sink.publish(type, data, meta);
    },
  };
  const client = await createLlmClient({ ...options, sink });
  const checks: LlmRoleCheck[] = [];
  for (const role of ROLES) {
    let failure: { reason: LlmFailureReason; message: string } | undefined;
    try {
      await client.generateObject(CheckSchema, {
        system: 'This is a connectivity check from engram.',
        messages: [
          {
            role: 'user',
            content: 'Call the LlmCheck tool with ok set to true.',
          },
        ],
        role,
        purpose: 'check',
        name: 'LlmCheck',
        budgets: CHECK_BUDGETS,
      });
    } catch (err) {
      if (!isLlmError(err)) throw err;
      failure = { reason: err.reason, message: err.message };
    }
    const data = seen.at(-1)?.data ?? {};
    const num = (key: string): number => {
      const v = data[key];
      return typeof v === 'number' ? v : 0;
    };
    const model = data['model'];
    checks.push({
      role,
      model: typeof model === 'string' ? model : client.models[role],
      ok: failure === undefined,
      latencyMs: num('latencyMs'),
      attempts: num('attempts'),
      inputTokens: num('inputTokens'),
      outputTokens: num('outputTokens'),
      costUsd: num('costUsd'),
      ...(failure ?? {}),
    });
  }
  return {
    ok: checks.every((c) => c.ok),
    provider: client.provider,
    target: client.target,
    models: client.models,
    checks,
  };
};

/** A check should answer in seconds; a minute-long call is not "answering" for this purpose. */
const CHECK_TIMEOUT_MS = 30_000;
/** One retry rides out a single 429 or 5xx without making a dead provider slow to report. */
const CHECK_MAX_RETRIES = 1;

/**
 * `checkLlm` on resolved settings (`engram llm check`): their timeout and retries, else a check's
 * own (seconds, one retry), and their recording. Nothing is persisted: a check runs outside a
 * session, so its events go nowhere.
 */
export const checkConfiguredLlm = (config: Pick<ResolvedLlmConfig, 'provider' | 'models' | 'timeoutMs' | 'maxRetries' | 'record'>): Promise<LlmCheckReport> =>
  checkLlm({
    provider: config.provider,
    models: config.models,
    sink: { publish: () => undefined },
    timeoutMs: config.timeoutMs ?? CHECK_TIMEOUT_MS,
    retry: { maxRetries: config.maxRetries ?? CHECK_MAX_RETRIES },
    ...(config.record === undefined ? {} : { record: config.record }),
  });
