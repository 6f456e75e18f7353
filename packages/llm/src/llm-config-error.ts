/** Settings that cannot work (unknown provider, missing key, bad config file): a usage error, exit 2. */
export class LlmConfigError extends Error {
  override readonly name = 'LlmConfigError';
}
