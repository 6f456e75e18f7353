export { coreSpec, type CoreSpec, type CoreOutcome, type ExpectedDraft } from './core-spec.js';
