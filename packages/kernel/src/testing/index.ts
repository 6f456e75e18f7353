export { coreSpec, type CoreSpec, type CoreOutcome, type ExpectedDraft } from './core-spec.js';
export { SECRET_SAMPLES, LOOK_ALIKES, type SecretSample, type LookAlike } from './secret-corpus.js';
export { semanticStoreContract, type SemanticStoreHarness } from './semantic-store.contract.js';
export { applyListEdit, type ListEdit } from './apply-list-edit.js';
