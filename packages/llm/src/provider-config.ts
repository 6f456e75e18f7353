import type { OpenAiStructuredMode } from './openai-transport.js';

/** Which provider, and what it needs to be reached. Keys come from the environment only. */
export type ProviderConfig =
  | {
      readonly type: 'anthropic';
      readonly apiKey: string;
      readonly baseUrl?: string;
    }
  | {
      readonly type: 'openai';
      readonly baseUrl: string;
      readonly apiKey?: string;
      readonly structuredMode?: OpenAiStructuredMode;
    }
  | { readonly type: 'scripted'; readonly file: string };

/** One line naming the provider and where it goes, safe to print (no key). */
export const describeProvider = (p: ProviderConfig): string => {
  switch (p.type) {
    case 'anthropic':
      return `anthropic (${p.baseUrl ?? 'https://api.anthropic.com'})`;
    case 'openai':
      return `openai (${p.baseUrl}${p.structuredMode === 'json_schema' ? ', json_schema' : ''})`;
    case 'scripted':
      return `scripted (${p.file})`;
  }
};
