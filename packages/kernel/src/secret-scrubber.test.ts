import { describe, expect, it } from 'vitest';
import { containsSecret, scrubSecrets } from './secret-scrubber.js';

// Fake credentials, built at run time so no scanner mistakes this file for a leak.
const k = (...parts: string[]) => parts.join('');
const anthropic = k('sk-ant-', 'api03-', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');
const openai = k('sk-', 'proj-', 'AbCdEfGhIjKlMnOpQrStUvWx0123');
const aws = k('AKIA', 'IOSFODNN7EXAMPLE');
const github = k('ghp_', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');
const slack = k('xoxb-', '1234567890-AbCdEfGhIj');

describe('scrubSecrets', () => {
  it.each([
    ['Anthropic key', `key ${anthropic} here`, 'key [REDACTED:anthropic-key] here'],
    ['OpenAI key in an env pair', `OPENAI_API_KEY=${openai}`, 'OPENAI_API_KEY=[REDACTED:openai-key]'],
    ['AWS access key id', `id ${aws}.`, 'id [REDACTED:aws-access-key].'],
    ['AWS secret pair', 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'aws_secret_access_key = [REDACTED:secret]'],
    ['GitHub token', `token ${github}`, 'token [REDACTED:github-token]'],
    ['Slack token', `use ${slack}`, 'use [REDACTED:slack-token]'],
    ['Slack webhook', 'post to https://hooks.slack.com/services/T000/B000/XXXX now', 'post to https://hooks.slack.com/services/[REDACTED:slack-webhook] now'],
    ['bearer header', 'curl -H "Authorization: Bearer abc123def456ghi"', 'curl -H "Authorization: Bearer [REDACTED:bearer-token]"'],
    ['basic auth header', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', 'Authorization: Basic [REDACTED:authorization]'],
    ['password in a URL', 'postgres://admin:hunter2@db.example.com:5432/x', 'postgres://admin:[REDACTED:url-password]@db.example.com:5432/x'],
    ['password= pair', 'login with password=hunter2 then', 'login with password=[REDACTED:secret] then'],
    ['quoted JSON pair', '{"password": "my pass phrase"}', '{"password": "[REDACTED:secret]"}'],
    ['CLI flag', 'run tool --password s3cret please', 'run tool --password [REDACTED:secret] please'],
    ['private key block', 'k: -----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY----- end', 'k: [REDACTED:private-key] end'],
  ])('redacts a %s', (_name, input, expected) => {
    expect(scrubSecrets(input)).toBe(expected);
    expect(scrubSecrets(expected)).toBe(expected);
  });

  it.each([
    'Use Bearer authentication for the API',
    'set max_tokens=4096 and token: 4',
    'Never hard-code the secret: use env vars',
    'the task-force-assignment-list-for-today is long',
    'pwd: /home/ada',
    'Check that a file exists before reading it.',
  ])('keeps ordinary prose: %s', (text) => {
    expect(scrubSecrets(text)).toBe(text);
    expect(containsSecret(text)).toBe(false);
  });
});
