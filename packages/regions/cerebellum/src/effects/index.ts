// `@engram/cerebellum/effects`: the post-mortem through the LLM port (Effect `Llm` service or a
// Promise client). A separate entry point so that the pure core at the package root loads neither
// Effect nor the LLM package: a session without a model never needs them.
export { postMortemRequest } from './post-mortem-request.js';
export { runPostMortem } from './run-post-mortem.js';
export { postMortemWithClient } from './post-mortem-with-client.js';
export { postMortemOnTurnEnd } from './post-mortem-on-turn-end.js';
