import { describe, expect, it } from 'vitest';
import { embedderFromEnv } from './embedder-from-env.js';
import { EmbedderSettingError } from './embedder-setting-error.js';

describe('embedderFromEnv', () => {
  it('is null when no URL is set: ranking stays lexical', () => {
    expect(embedderFromEnv({})).toBeNull();
    expect(embedderFromEnv({ ENGRAM_EMBEDDER_URL: '', ENGRAM_EMBED_MODEL: 'm' })).toBeNull();
  });

  it('a URL without a model is an EmbedderSettingError (missing-model) naming ENGRAM_EMBED_MODEL', () => {
    const bad = () => embedderFromEnv({ ENGRAM_EMBEDDER_URL: 'http://127.0.0.1:9/v1' });
    expect(bad).toThrow(EmbedderSettingError);
    expect(bad).toThrow(expect.objectContaining({ _tag: 'EmbedderSettingError', reason: 'missing-model', variable: 'ENGRAM_EMBED_MODEL' }));
    expect(bad).toThrow(/set ENGRAM_EMBED_MODEL or pass --embed-model/);
  });

  it('a URL that does not parse is an EmbedderSettingError (bad-url) naming ENGRAM_EMBEDDER_URL', () => {
    const bad = () => embedderFromEnv({}, { url: 'not a url', model: 'm' });
    expect(bad).toThrow(expect.objectContaining({ _tag: 'EmbedderSettingError', reason: 'bad-url', variable: 'ENGRAM_EMBEDDER_URL' }));
  });

  it('both set: an embedder for that model and place', () => {
    expect(embedderFromEnv({ ENGRAM_EMBEDDER_URL: 'http://127.0.0.1:9/v1', ENGRAM_EMBED_MODEL: 'nomic-embed-text' })?.model).toBe('nomic-embed-text');
  });
});
