import { z } from 'zod';

/** Long enough for a local server busy loading a model; a list of names is small. */
const MODELS_TIMEOUT_MS = 10_000;

const ModelList = z.object({ data: z.array(z.object({ id: z.string().min(1) }).loose()) }).loose();

/** What the server's model list says: its one model, or why no model could be chosen from it. */
type ServedModel = { readonly model: string } | { readonly problem: string };

/**
 * Asks an OpenAI-compatible server which models it serves (`GET {baseUrl}/models`). A local server
 * (llama.cpp, Ollama, vLLM) often serves exactly one: then no model flag is needed. More than one,
 * none, or no answer is a problem the caller reports with the flags to pass. The key, if any, goes
 * in the header only and never into a message.
 */
export const onlyServedModel = async (baseUrl: string, apiKey: string | undefined): Promise<ServedModel> => {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  let body: unknown;
  try {
    const res = await fetch(url, { headers: apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }, signal: AbortSignal.timeout(MODELS_TIMEOUT_MS) });
    if (!res.ok) return { problem: `${url} answered ${res.status}` };
    body = await res.json();
  } catch (err) {
    return { problem: `${url} could not be read (${err instanceof Error ? err.message : String(err)})` };
  }
  const parsed = ModelList.safeParse(body);
  if (!parsed.success) return { problem: `${url} did not answer a model list ({ data: [{ id }] })` };
  const ids = [...new Set(parsed.data.data.map((m) => m.id))];
  if (ids.length === 1) return { model: ids[0] as string };
  return { problem: ids.length === 0 ? `${url} lists no model` : `${url} serves ${ids.length} models (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', ...' : ''}): say which` };
};
