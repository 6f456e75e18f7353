/** @engram/ai-sdk: engram as Vercel AI SDK middleware. (Being built: issue 13.) */
export {};
