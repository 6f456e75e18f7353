export { arbitraryFromSchema } from './arbitrary-from-schema.js';
export { arbitraryData, arbitraryEvent, arbitraryAnyEvent } from './arbitraries.js';
export { buildEvent, buildStream, TEST_SESSION, type EnvelopeOverrides } from './build-event.js';
export { defaultData } from './default-data.js';
