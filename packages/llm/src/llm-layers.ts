import { Effect, Layer } from 'effect';
import { makeAnthropicTransport, type AnthropicTransportConfig } from './anthropic-transport.js';
import type { Cassette } from './cassette.js';
import { readCassette, type CassetteFileError } from './effects/cassette-file.js';
import { Llm, makeLlm, type LlmSettings } from './llm.js';
import { LlmTransport } from './llm-transport.js';
import { makeOpenAiTransport, type OpenAiTransportConfig } from './openai-transport.js';
import { makeRecordingTransport, type RecordingOptions } from './recording-transport.js';
import { makeScriptedTransport } from './scripted-transport.js';

/** The `Llm` service over whichever `LlmTransport` is provided. */
export const layerLlm = (settings: LlmSettings): Layer.Layer<Llm, never, LlmTransport> =>
  Layer.effect(
    Llm,
    Effect.gen(function* () {
      const transport = yield* LlmTransport;
      return makeLlm(transport, settings);
    }),
  );

export const layerAnthropicTransport = (config: AnthropicTransportConfig): Layer.Layer<LlmTransport> =>
  Layer.succeed(LlmTransport, makeAnthropicTransport(config));

export const layerOpenAiTransport = (config: OpenAiTransportConfig): Layer.Layer<LlmTransport> =>
  Layer.succeed(LlmTransport, makeOpenAiTransport(config));

/** A cassette given whole, or read (and zod-parsed) from a file when the layer is built. */
export const layerScriptedTransport = (
  source: { readonly file: string } | { readonly cassette: Cassette; readonly name: string },
): Layer.Layer<LlmTransport, CassetteFileError> =>
  'cassette' in source
    ? Layer.succeed(LlmTransport, makeScriptedTransport(source.cassette, source.name))
    : Layer.effect(
        LlmTransport,
        Effect.tryPromise({
          try: () => readCassette(source.file),
          catch: (err) => err as CassetteFileError,
        }).pipe(Effect.map((cassette) => makeScriptedTransport(cassette, source.file))),
      );

/** Wraps the provided transport so every answer is also written to a cassette. */
export const layerRecordingTransport = (options: RecordingOptions): Layer.Layer<LlmTransport, never, LlmTransport> =>
  Layer.effect(
    LlmTransport,
    Effect.gen(function* () {
      const inner = yield* LlmTransport;
      return makeRecordingTransport(inner, options);
    }),
  );

export const layerAnthropic = (config: AnthropicTransportConfig, settings: LlmSettings): Layer.Layer<Llm> =>
  layerLlm(settings).pipe(Layer.provide(layerAnthropicTransport(config)));

export const layerOpenAi = (config: OpenAiTransportConfig, settings: LlmSettings): Layer.Layer<Llm> =>
  layerLlm(settings).pipe(Layer.provide(layerOpenAiTransport(config)));

export const layerScripted = (
  source: { readonly file: string } | { readonly cassette: Cassette; readonly name: string },
  settings: LlmSettings,
): Layer.Layer<Llm, CassetteFileError> => layerLlm(settings).pipe(Layer.provide(layerScriptedTransport(source)));

/** `layerRecording(opts, settings, layerOpenAiTransport(cfg))`: a real provider, recorded. */
export const layerRecording = <E>(
  options: RecordingOptions,
  settings: LlmSettings,
  real: Layer.Layer<LlmTransport, E>,
): Layer.Layer<Llm, E> => layerLlm(settings).pipe(Layer.provide(layerRecordingTransport(options)), Layer.provide(real));
