import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../secret-scrubber.js';

const body = (n: number, seed: string): string => Array.from({ length: n }, (_, i) => `${seed}${i}`.padEnd(64, 'Qx9+')).join('\n');

describe('private key blocks', () => {
  it('stops a block cut by the pad at the cut, so the output after it survives', () => {
    const text = `-----BEGIN RSA PRIVATE KEY-----\n${body(3, 'MIIEow')}\n[... 900 bytes truncated: output over the 8192-byte per-stream limit ...]\n${body(2, 'tailB')}\n-----END RSA PRIVATE KEY-----\nTraceback: done in 3 s`;
    expect(scrubSecrets(text)).toBe('[REDACTED:private-key]\n[... 900 bytes truncated: output over the 8192-byte per-stream limit ...]\n[REDACTED:private-key]\nTraceback: done in 3 s');
  });

  it('redacts a key inside a JSON string with escaped newlines through its END (the whole field, as a private_key value)', () => {
    const text = `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${body(2, 'MIIEv').replace(/\n/g, '\\n')}\\n-----END PRIVATE KEY-----\\n", "client_email": "a@b.iam"}`;
    expect(scrubSecrets(text)).toBe('{"private_key": "[REDACTED:private-key]", "client_email": "a@b.iam"}');
    const bare = text.replace('"private_key"', '"pem"');
    expect(scrubSecrets(bare)).toBe('{"pem": "[REDACTED:private-key]\\n", "client_email": "a@b.iam"}');
  });

  it('keeps a PGP block whole across the blank line after its armour headers', () => {
    const text = `-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n${body(3, 'lQOYBF')}\n=Ab3x\n-----END PGP PRIVATE KEY BLOCK-----\nbye`;
    expect(scrubSecrets(text)).toBe('[REDACTED:private-key]\nbye');
  });

  it('takes the base64 of a first or last line that shares its line with code', () => {
    const cut = `print("""cat id_rsa\n-----BEGIN PRIVATE KEY-----\n${body(2, 'MIIEv')}""")`;
    expect(scrubSecrets(cut)).toBe('print("""cat id_rsa\n[REDACTED:private-key]""")');
    const headless = `x = """${body(2, 'tailB')}\n-----END PRIVATE KEY-----"""`;
    expect(scrubSecrets(headless)).toBe('x = """[REDACTED:private-key]"""');
  });

  it('stops a cut block at an earlier scrub\'s marker line, which is output, not an armour header (found by the fast-path property)', () => {
    const text = `cat id_rsa\n-----BEGIN PRIVATE KEY-----\n${body(2, 'MIIEv')}\nAuthorization: [REDACTED:secret]`;
    expect(scrubSecrets(text)).toBe('cat id_rsa\n[REDACTED:private-key]\nAuthorization: [REDACTED:secret]');
  });
});
