import { Effect } from 'effect';
import type { Cassette } from './cassette.js';
import { cassettePlayer } from './cassette-player.js';
import { LlmError } from './llm-error.js';
import type { LlmTransportShape } from './llm-transport.js';

/**
 * Replays a cassette: never touches the network. A request no entry matches fails with
 * `cassette_miss`, naming the request; a scripted `error` entry fails with its reason. Text of a
 * replayed answer is still delivered to `onText`, as one delta per text block.
 */
export const makeScriptedTransport = (cassette: Cassette, file: string): LlmTransportShape => {
  const player = cassettePlayer(cassette, file);
  return {
    provider: 'scripted',
    target: file,
    send: (request, hooks) =>
      Effect.suspend(() => {
        const played = player.play(request);
        if ('miss' in played) return Effect.fail(new LlmError({ reason: 'cassette_miss', message: played.miss }));
        const entry = played.entry;
        if ('error' in entry)
          return Effect.fail(
            new LlmError({
              reason: entry.error.reason,
              message: entry.error.message,
            }),
          );
        for (const b of entry.response.content) if (b.type === 'text' && b.text !== '') hooks.onText?.(b.text);
        return Effect.succeed(entry.response);
      }),
  };
};
