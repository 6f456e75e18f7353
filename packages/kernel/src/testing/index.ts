export { SECRET_SAMPLES, LOOK_ALIKES, type SecretSample, type LookAlike } from './secret-corpus.js';
