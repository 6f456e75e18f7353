import { isMarkerAt } from './redaction-marker.js';
import { looksRandom } from './looks-random.js';

/** Values that stand for a secret without being one: references, templates, placeholders, literals of other types. */
const PLACEHOLDER = /^(?:\$\{?[A-Za-z_]|\$\(|%[A-Za-z_]+%|\{\{|<[^>]*>$|\*+$|x{3,}$|\.{3}|\u2022+$|(?:null|none|nil|undefined|true|false|yes|no|on|off|required|optional|string|redacted|hidden|changeme)$)/i;
/** A filesystem path (`pwd: /home/ada`, `key_file=./k.pem` slipping through): not a secret itself. */
const PATH = /^(?:\/|~\/|\.\.?\/|[A-Za-z]:\\)/;

/** True for a value that can never be a secret whatever its name: empty, already redacted, a placeholder or a path. */
export const isInertValue = (value: string): boolean => value === '' || isMarkerAt(value, 0) || PLACEHOLDER.test(value) || PATH.test(value);

/** Short all-digit values under a `token`/`key` name are counts and sizes (`max_token=1000`), not secrets. */
export const isSmallNumber = (value: string): boolean => /^\d{1,7}$/.test(value);

/** A value that looks like a secret on its own shape: generated-looking, or a word mixed with digits and symbols. */
export const looksLikeSecretValue = (value: string): boolean =>
  looksRandom(value) || (value.length >= 8 && !/\s/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value));
