import { assignmentDetector } from './detect-assignment-secrets.js';
import { bareAwsSecretDetector } from './detect-bare-aws-secret.js';
import { cliDetectors } from './detect-cli-secrets.js';
import { headerDetectors } from './detect-header-secrets.js';
import { privateKeyDetector } from './detect-private-key-blocks.js';
import { spokenDetector } from './detect-spoken-secrets.js';
import { tokenFormatDetector } from './detect-token-formats.js';
import { urlCredentialDetector } from './detect-url-credentials.js';
import type { SecretDetector } from './secret-span.js';

/** engram's own detectors, most specific first (a span's kind comes from the first detector that found it). */
export const OWN_DETECTORS: readonly SecretDetector[] = [
  privateKeyDetector,
  tokenFormatDetector,
  urlCredentialDetector,
  ...headerDetectors,
  ...cliDetectors,
  assignmentDetector,
  spokenDetector,
  bareAwsSecretDetector,
];
