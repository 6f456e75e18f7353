import type { ErrorClass } from './error-class.js';

export interface ErrorRule {
  readonly errorClass: Exclude<ErrorClass, 'unknown'>;
  /** Any match puts the text in this class. */
  readonly patterns: readonly RegExp[];
}

/**
 * The one ordered rule table of the classifier: the first rule with a matching pattern wins, so
 * the specific classes come before the ones whose words they contain. Encoding comes first
 * (Python reports a bad source encoding as a SyntaxError); missing modules before syntax and
 * paths ("No module named", Node's "Cannot find module" is not a missing file); rate limits and
 * auth before network (an HTTP client error names the status, not the socket); timeout before
 * network (ETIMEDOUT is a timeout); size before paths; paths last, because "not found" is the
 * vaguest wording. Patterns are written against Python and Node error texts.
 */
export const ERROR_RULES: readonly ErrorRule[] = [
  {
    errorClass: 'encoding',
    patterns: [
      /\bUnicode(?:Decode|Encode)Error\b/,
      /codec can't (?:decode|encode)/i,
      /\binvalid (?:start |continuation )?byte\b/i,
      /\bERR_INVALID_CHAR\b|\bERR_ENCODING_(?:NOT_SUPPORTED|INVALID_ENCODED_DATA)\b/,
      /\b(?:invalid|malformed) (?:utf-?8|byte sequence|multibyte)/i,
      /\bunknown encoding\b/i,
    ],
  },
  {
    errorClass: 'missing-module',
    patterns: [
      /\bModuleNotFoundError\b/,
      /\bNo module named\b/,
      /\bImportError\b/,
      /\bCannot find (?:module|package)\b/,
      /\bERR_MODULE_NOT_FOUND\b/,
      /\bMODULE_NOT_FOUND\b/,
    ],
  },
  {
    errorClass: 'syntax',
    patterns: [/\b(?:SyntaxError|IndentationError|TabError)\b/, /\bUnexpected (?:token|identifier|end of input|indent)\b/],
  },
  {
    errorClass: 'rate-limit',
    patterns: [
      /\brate[ _-]?limit/i,
      /\bToo Many Requests\b/i,
      /\b(?:status|HTTP|code|error)[ :=]*429\b/i,
      /\b429 Client Error\b/,
      /\bquota (?:exceeded|exhausted)\b/i,
      /\bRESOURCE_EXHAUSTED\b/,
    ],
  },
  {
    errorClass: 'auth',
    patterns: [
      /\bUnauthori[sz]ed\b/i,
      /\b(?:status|HTTP|code|error)[ :=]*40[13]\b/i,
      /\b40[13] (?:Client Error|Forbidden)\b/,
      /\bAuthenticationError\b|\bauthentication (?:failed|error|required)\b/i,
      /\b(?:invalid|incorrect|missing) (?:api[ _-]?key|credentials|token|access token)\b/i,
      /\bNoCredentialsError\b|\bexpired (?:token|credentials)\b/i,
    ],
  },
  {
    errorClass: 'permission',
    patterns: [/\bPermissionError\b/, /\bPermission denied\b/i, /\bEACCES\b|\bEPERM\b/, /\bOperation not permitted\b/i, /\bread-only file system\b|\bEROFS\b/i],
  },
  {
    errorClass: 'timeout',
    patterns: [
      /\bTimeoutError\b|\bTimeoutExpired\b|\bReadTimeout\b|\bConnectTimeout\b/,
      /\btimed? ?out\b/i,
      /\bETIMEDOUT\b|\bESOCKETTIMEDOUT\b/,
      /\bdeadline exceeded\b/i,
    ],
  },
  {
    errorClass: 'network',
    patterns: [
      /\bECONNREFUSED\b|\bECONNRESET\b|\bENOTFOUND\b|\bEAI_AGAIN\b|\bEHOSTUNREACH\b|\bENETUNREACH\b|\bEPIPE\b/,
      /\bConnection(?:Refused|Reset|Aborted)?Error\b/,
      /\bconnection (?:refused|reset|aborted|closed)\b/i,
      /\bName or service not known\b|\bgetaddrinfo\b|\bTemporary failure in name resolution\b/i,
      /\bFailed to establish a new connection\b|\bMax retries exceeded\b/,
      /\bfetch failed\b|\bNetwork is unreachable\b|\bsocket hang up\b/i,
      /\bSSLError\b|\bcertificate verify failed\b/,
    ],
  },
  {
    errorClass: 'size-limit',
    patterns: [
      /\bMemoryError\b/,
      /\bheap out of memory\b|\bAllocation failed\b/i,
      /\bInvalid (?:string|array) length\b/,
      /\bERR_STRING_TOO_LONG\b|\bERR_FS_FILE_TOO_LARGE\b|\bEFBIG\b|\bENOSPC\b/,
      /\b(?:File|Payload|Request Entity|output|input) too large\b/i,
      /\bexceeds? (?:the )?(?:maximum|max|limit|size)/i,
      /\bMaximum call stack size exceeded\b|\bRecursionError\b/,
      /\bOverflowError\b/,
    ],
  },
  {
    errorClass: 'path-not-found',
    patterns: [
      /\bFileNotFoundError\b|\bNotADirectoryError\b|\bIsADirectoryError\b/,
      /\bNo such file or directory\b/i,
      /\bENOENT\b|\bENOTDIR\b|\bEISDIR\b/,
      /\b(?:file|path|directory) (?:does not exist|not found)\b/i,
      /\bdoes not exist\b/i,
    ],
  },
];
