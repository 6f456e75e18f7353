import { isLlmError, type LlmError } from '../llm-error.js';

/** Awaits a call that must fail and returns its typed failure; anything else fails the test. */
export const llmFailureOf = async (p: Promise<unknown>): Promise<LlmError> => {
  try {
    await p;
  } catch (err) {
    if (isLlmError(err)) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
};
