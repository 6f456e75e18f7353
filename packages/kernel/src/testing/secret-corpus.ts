/**
 * A labelled corpus for the secret scrubber: positives (text holding a secret, and the exact
 * secret strings that must not survive) of every kind engram promises to catch, and look-alike
 * negatives (SHAs, UUIDs, base64 of text, code, settings, prose) that must come out untouched,
 * each with the reason it is here. Every secret is fake and built at run time from a seeded
 * generator, so it is shaped right (length, alphabet, prefix) while no scanner mistakes this
 * file for a leak and no real credential is ever in the repository.
 */

export interface SecretSample {
  readonly kind: string;
  readonly text: string;
  /** The substrings that are the secret: none may survive scrubbing. */
  readonly secrets: readonly string[];
  readonly reason: string;
}

export interface LookAlike {
  readonly kind: string;
  readonly text: string;
  readonly reason: string;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const B64 = `${ALNUM}+/`;
const HEX = '0123456789abcdef';

/** Deterministic pseudo-random characters (a 32-bit LCG): the same corpus on every run. */
const gen = (seed: number) => {
  let state = seed >>> 0;
  return (n: number, alphabet: string = ALNUM): string => {
    let out = '';
    for (let i = 0; i < n; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      out += alphabet[state % alphabet.length] ?? 'x';
    }
    return out;
  };
};
const r = gen(20261124);
const j = (...parts: string[]): string => parts.join('');

const awsSecret = (): string => {
  for (;;) {
    const v = r(40, B64);
    if (/[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v)) return v;
  }
};
const pemBody = (lines: number): string => Array.from({ length: lines }, () => r(64, B64)).join('\n');

const anthropic = j('sk-', 'ant-', 'api03-', r(93), 'AA');
const openaiProject = j('sk-', 'proj-', r(74), 'T3Blbk', 'FJ', r(74));
const openaiLegacy = j('sk-', r(20), 'T3Blbk', 'FJ', r(20));
const awsId = j('AK', 'IA', r(16, UPPER + DIGITS));
const awsPairSecret = awsSecret();
const awsBare = awsSecret();
const ghClassic = j('gh', 'p_', r(36));
const ghFine = j('github', '_pat_', r(82, `${ALNUM}_`));
const gitlab = j('gl', 'pat-', r(20));
const slackBot = j('xo', 'xb-', r(12, DIGITS), '-', r(13, DIGITS), '-', r(24));
const slackHook = j('T', r(8, UPPER + DIGITS), '/B', r(8, UPPER + DIGITS), '/', r(24));
const stripe = j('sk', '_live_', r(24));
const google = j('AI', 'za', r(35, `${ALNUM}_-`));
const hf = j('h', 'f_', r(34, UPPER + LOWER));
const npm = j('np', 'm_', r(36));
const jwt = j('ey', 'J', r(30, `${ALNUM}_-`), '.ey', 'J', r(40, `${ALNUM}_-`), '.', r(43, `${ALNUM}_-`));
const sendgrid = j('S', 'G.', r(22, `${ALNUM}_-`), '.', r(43, `${ALNUM}_-`));
const docker = j('dckr', '_pat_', r(27));
const vault = j('hv', 's.', r(95));
const shopify = j('shp', 'at_', r(32, HEX));
const bearer = r(40, `${ALNUM}._-`);
const basic = btoa(j('admin:', r(12)));
const sessionCookie = r(32);
const apiKeyHeader = r(32);
const pgPass = j(r(6), '!', r(5));
const redisPass = r(20);
const atPass = j('p', r(4), '@', r(6));
const mongoPass = r(16);
const djangoKey = j('django-insecure-', r(40, `${LOWER}${DIGITS}!@#$%^&*(-_=+)`));
const dbPass = j(r(10), '9');
const signingKey = r(44, B64);
const cookieValue = r(48);
const appToken = r(36);
const jsonPassword = j('correct-', r(6), '-staple');
const yamlPassword = j(r(8), '#', r(3));
const codePassword = j(r(7), '2024!');
const curlPassword = j(r(9), '$');
const mysqlPassword = j('S3', r(8));
const flagPassword = j(r(12), '%');
const flagApiKey = r(32);
const spokenPassword = j('hunter', r(3, DIGITS));
const spokenKey = j(r(6), '-', r(6, DIGITS), '-', r(6));
const queryToken = r(40);
const pgEnvPassword = r(14);
const sshpassPassword = j(r(8), '&', r(2));
const rsaBody = pemBody(8);
const opensshBody = pemBody(6);
const pgpBody = pemBody(10);
const cutBody = pemBody(5);
const sendgridDashed = j('S', 'G.', r(10), '-', r(11), '.', r(14), '-', r(13), '_', r(7), '-', r(6));
const twilio = j('S', 'K', r(32, HEX));
const pypi = j('py', 'pi-', 'AgEIcHlwaS5vcmc', r(120, `${ALNUM}_-`));
const discordHook = r(68, `${ALNUM}_-`);
const dockerLoginPassword = r(16);
const azureAccountKey = j(r(86, B64), '==');

// Issue 28: the shortest real forms of the GitHub kinds, and a token cut mid-way (drawn last, so the samples above keep their values).
const ghServer = j('gh', 's_', r(36));
const ghOauth = j('gh', 'o_', r(36));
const ghCut = j('gh', 'p_', r(29));

export const SECRET_SAMPLES: readonly SecretSample[] = [
  { kind: 'anthropic-key', text: `export ANTHROPIC_API_KEY=${anthropic}`, secrets: [anthropic], reason: 'vendor prefix sk-ant-' },
  { kind: 'openai-project-key', text: `client = OpenAI(api_key="${openaiProject}")`, secrets: [openaiProject], reason: 'vendor prefix sk-proj- with the T3BlbkFJ marker' },
  { kind: 'openai-legacy-key', text: `OPENAI_KEY: ${openaiLegacy}`, secrets: [openaiLegacy], reason: 'legacy sk- key' },
  { kind: 'aws-access-key-id', text: `[default]\naws_access_key_id = ${awsId}`, secrets: [awsId], reason: 'AKIA key id (redacted as engram always did)' },
  { kind: 'aws-secret-pair', text: `aws_secret_access_key = ${awsPairSecret}`, secrets: [awsPairSecret], reason: 'named AWS secret access key' },
  { kind: 'aws-secret-bare', text: `Access key ID,Secret access key\n${awsId},${awsBare}\n`, secrets: [awsBare, awsId], reason: 'a bare secret access key in a credentials CSV: no name next to it' },
  { kind: 'github-classic-token', text: `git clone https://${ghClassic}@github.com/acme/app.git`, secrets: [ghClassic], reason: 'ghp_ token, here as a URL user' },
  { kind: 'github-fine-grained-token', text: `GH_TOKEN=${ghFine} gh pr list`, secrets: [ghFine], reason: 'github_pat_ token' },
  { kind: 'gitlab-token', text: `curl --header "PRIVATE-TOKEN: ${gitlab}" https://gitlab.example.com/api/v4/projects`, secrets: [gitlab], reason: 'glpat- token in a header' },
  { kind: 'slack-bot-token', text: `slack = WebClient(token="${slackBot}")`, secrets: [slackBot], reason: 'xoxb- token' },
  { kind: 'slack-webhook', text: `requests.post("https://hooks.slack.com/services/${slackHook}", json=msg)`, secrets: [slackHook], reason: 'webhook URL path is the secret' },
  { kind: 'stripe-key', text: `stripe.api_key = '${stripe}'`, secrets: [stripe], reason: 'sk_live_ key' },
  { kind: 'google-api-key', text: `https://maps.googleapis.com/maps/api/geocode/json?address=x&key=${google}`, secrets: [google], reason: 'AIza key in a query string' },
  { kind: 'huggingface-token', text: `huggingface-cli login --token ${hf}`, secrets: [hf], reason: 'hf_ token' },
  { kind: 'npm-token', text: `//registry.npmjs.org/:_authToken=${npm}`, secrets: [npm], reason: 'npm_ token in .npmrc' },
  { kind: 'jwt', text: `{"id_token": "${jwt}"}`, secrets: [jwt], reason: 'a signed JWT' },
  { kind: 'sendgrid-key', text: `SG key for mail: ${sendgrid}`, secrets: [sendgrid], reason: 'SG. key (secretlint sendgrid rule)' },
  { kind: 'docker-pat', text: `echo ${docker} | docker login -u ci --password-stdin`, secrets: [docker], reason: 'dckr_pat_ (secretlint docker rule)' },
  { kind: 'vault-token', text: `VAULT_TOKEN is ${vault}`, secrets: [vault], reason: 'hvs. token (secretlint hashicorp-vault rule)' },
  { kind: 'shopify-token', text: `shop admin token ${shopify}`, secrets: [shopify], reason: 'shpat_ token (secretlint shopify rule)' },
  { kind: 'bearer-header', text: `curl -H "Authorization: Bearer ${bearer}" https://api.example.com/v1/me`, secrets: [bearer], reason: 'Authorization: Bearer' },
  { kind: 'basic-auth-header', text: `Authorization: Basic ${basic}`, secrets: [basic], reason: 'Authorization: Basic' },
  { kind: 'cookie-header', text: `> GET / HTTP/1.1\n> Cookie: theme=dark; sessionid=${sessionCookie}\n`, secrets: [sessionCookie], reason: 'a Cookie header carries session state' },
  { kind: 'api-key-header', text: `-H 'X-Api-Key: ${apiKeyHeader}'`, secrets: [apiKeyHeader], reason: 'an API-key header' },
  { kind: 'url-password', text: `engine = create_engine("postgresql://etl:${pgPass}@db.internal:5432/sales")`, secrets: [pgPass], reason: 'user:password in a URL' },
  { kind: 'url-password-no-user', text: `REDIS_URL=redis://:${redisPass}@cache.internal:6379/0`, secrets: [redisPass], reason: 'a password with no user' },
  { kind: 'url-password-with-at', text: `mysql://app:${atPass}@db.example.com/app`, secrets: [atPass], reason: 'an @ inside the password: the user info runs to the last @' },
  { kind: 'mongodb-uri', text: `MONGO=mongodb+srv://reporting:${mongoPass}@cluster0.abcde.mongodb.net/prod?retryWrites=true`, secrets: [mongoPass], reason: 'SRV connection string' },
  { kind: 'env-secret-key', text: `SECRET_KEY=${djangoKey}`, secrets: [djangoKey], reason: 'a .env key outside any fixed list' },
  { kind: 'env-db-pass', text: `DB_HOST=db\nDB_PASS=${dbPass}\n`, secrets: [dbPass], reason: 'DB_PASS: PASS as a word of the name' },
  { kind: 'env-signing-key', text: `JWT_SIGNING_KEY=${signingKey}`, secrets: [signingKey], reason: '*_SIGNING_KEY' },
  { kind: 'env-session-cookie', text: `SESSION_COOKIE="${cookieValue}"`, secrets: [cookieValue], reason: 'SESSION_COOKIE' },
  { kind: 'env-export-token', text: `export MY_APP_TOKEN=${appToken}`, secrets: [appToken], reason: 'an exported *_TOKEN' },
  { kind: 'json-password', text: `{"user": "ada", "password": "${jsonPassword}"}`, secrets: [jsonPassword], reason: 'a JSON password field' },
  { kind: 'yaml-password', text: `database:\n  user: app\n  password: ${yamlPassword}\n`, secrets: [yamlPassword], reason: 'a YAML password' },
  { kind: 'code-password-literal', text: `conn = connect(host="db", user="app")\npassword = "${codePassword}"`, secrets: [codePassword], reason: 'a password literal in code' },
  { kind: 'curl-user-password', text: `curl -u deploy:${curlPassword} https://ci.example.com/api/json`, secrets: [curlPassword], reason: 'curl -u user:password' },
  { kind: 'mysql-glued-password', text: `mysql -h db -u root -p${mysqlPassword} sales < dump.sql`, secrets: [mysqlPassword], reason: 'mysql -pPASSWORD' },
  { kind: 'cli-password-flag', text: `pg_restore --password ${flagPassword} --dbname sales`, secrets: [flagPassword], reason: '--password VALUE' },
  { kind: 'cli-api-key-flag', text: `tool deploy --api-key=${flagApiKey} --region eu`, secrets: [flagApiKey], reason: '--api-key=VALUE' },
  { kind: 'spoken-password', text: `fyi my password is ${spokenPassword}, please log in for me`, secrets: [spokenPassword], reason: 'natural language' },
  { kind: 'spoken-api-key', text: `The API key is ${spokenKey}.`, secrets: [spokenKey], reason: 'natural language, shaped value' },
  { kind: 'query-token', text: `GET /callback?code=abc&access_token=${queryToken}&state=1`, secrets: [queryToken], reason: 'a token in a query string' },
  { kind: 'env-prefix-password', text: `PGPASSWORD=${pgEnvPassword} psql -h db -U app`, secrets: [pgEnvPassword], reason: 'PGPASSWORD: password inside a word' },
  { kind: 'sshpass', text: `sshpass -p '${sshpassPassword}' ssh deploy@host`, secrets: [sshpassPassword], reason: 'sshpass -p' },
  { kind: 'rsa-private-key', text: `key:\n-----BEGIN RSA PRIVATE KEY-----\n${rsaBody}\n-----END RSA PRIVATE KEY-----\n`, secrets: rsaBody.split('\n'), reason: 'PEM block' },
  { kind: 'openssh-private-key', text: `-----BEGIN OPENSSH PRIVATE KEY-----\n${opensshBody}\n-----END OPENSSH PRIVATE KEY-----`, secrets: opensshBody.split('\n'), reason: 'OpenSSH block' },
  { kind: 'pgp-private-key', text: `-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n${pgpBody}\n=${r(4, B64)}\n-----END PGP PRIVATE KEY BLOCK-----`, secrets: pgpBody.split('\n'), reason: 'PGP private key block' },
  { kind: 'sendgrid-key-dashed', text: `SENDGRID=${sendgridDashed}`, secrets: [sendgridDashed], reason: 'a SendGrid key with several - and _ (secretlint allows one)' },
  { kind: 'twilio-api-key', text: `twilio api:core:keys:fetch --sid ${twilio}`, secrets: [twilio], reason: 'SK and 32 hex digits (gitleaks twilio-api-key)' },
  { kind: 'pypi-token', text: `twine upload -u __token__ ${pypi} dist/*`, secrets: [pypi], reason: 'a PyPI upload token (gitleaks pypi-upload-token)' },
  { kind: 'discord-webhook', text: `curl -X POST https://discord.com/api/webhooks/${r(18, DIGITS)}/${discordHook} -d @msg.json`, secrets: [discordHook], reason: 'a Discord webhook: its last path part is the secret' },
  { kind: 'docker-login-password', text: `docker login -u ci -p ${dockerLoginPassword} registry.example.com`, secrets: [dockerLoginPassword], reason: 'docker login -p: after login, -p is the password' },
  { kind: 'azure-connection-string', text: `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${azureAccountKey};EndpointSuffix=core.windows.net`, secrets: [azureAccountKey], reason: 'an Azure storage connection string' },
  { kind: 'github-app-token', text: `the installation token ${ghServer} expires in an hour`, secrets: [ghServer], reason: 'a ghs_ token (36 after the prefix) in prose, no name next to it' },
  { kind: 'github-oauth-token', text: `oauth said: ${ghOauth}`, secrets: [ghOauth], reason: 'a gho_ token in prose' },
  { kind: 'github-token-cut', text: `push failed for ${ghCut}… (cut)`, secrets: [ghCut], reason: 'a ghp_ token cut after 29 of its 36 characters: what a summary cut mid-token shows' },
  { kind: 'cut-private-key', text: `cat id_rsa\n-----BEGIN PRIVATE KEY-----\n${cutBody}`, secrets: cutBody.split('\n'), reason: 'a block whose END was cut off: redacted to the end' },
];

export const LOOK_ALIKES: readonly LookAlike[] = [
  { kind: 'git-sha', text: `commit ${r(40, HEX)}\nAuthor: Ada <ada@example.com>`, reason: '40 hex digits, the shape of an AWS secret length' },
  { kind: 'short-sha', text: `HEAD is now at ${r(7, HEX)} fix the parser`, reason: 'abbreviated SHA' },
  { kind: 'uuid', text: `{"id": "3f2b9c1e-8d4a-4f6b-9e2a-1c5d7b8a9e0f", "status": "ok"}`, reason: 'a UUID' },
  { kind: 'base64-of-text', text: `payload: ${btoa('Hello world, this is ordinary!!').slice(0, 40)}`, reason: 'base64 of readable text, 40 characters' },
  { kind: 'base64-of-text-bare', text: btoa('The quick brown fox jumps over a lazy dog'), reason: 'base64 of a sentence' },
  { kind: 'code-token-expression', text: "token = str(12345) + 'abc'\nprint(token)", reason: 'a variable named token built by code: an expression, not a secret' },
  { kind: 'password-hint', text: 'password_hint = "name of your first pet"', reason: 'a hint about the password' },
  { kind: 'max-tokens', text: 'response = client.messages.create(model=m, max_tokens=4096)', reason: 'a count of tokens' },
  { kind: 'loop-key', text: 'for key, value in settings.items():\n    print(key, value)', reason: 'a loop variable named key' },
  { kind: 'sort-key', text: 'rows = sorted(rows, key=lambda r: r["revenue"])', reason: 'a sort key function' },
  { kind: 'dict-key-literal', text: 'key = "region"\ntotals[key] += 1', reason: 'a short ordinary key name' },
  { kind: 'tokenizer', text: 'tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")', reason: 'a tokenizer, not a token' },
  { kind: 'env-reference', text: 'password = os.environ["DB_PASSWORD"]', reason: 'reads the secret, does not hold it' },
  { kind: 'getpass', text: 'password = getpass.getpass("Password: ")', reason: 'prompts for the secret' },
  { kind: 'env-placeholder', text: 'DB_PASSWORD=${DB_PASSWORD}\nAPI_KEY=<your-api-key>', reason: 'placeholders' },
  { kind: 'password-policy', text: 'PASSWORD_MIN_LENGTH=12\nTOKEN_TTL=3600', reason: 'settings about secrets' },
  { kind: 'token-url', text: 'TOKEN_URL=https://auth.example.com/oauth/token', reason: 'where tokens come from' },
  { kind: 'lockfile-integrity', text: `  integrity: sha512-${r(86, B64)}==`, reason: 'a content hash in a lockfile' },
  { kind: 'npm-resolved', text: '"resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz"', reason: 'a package URL' },
  { kind: 'shell-pwd', text: 'pwd: /home/ada/project', reason: 'the working directory' },
  { kind: 'prose-wrong-password', text: 'Login failed: the password is incorrect.', reason: 'talks about a password' },
  { kind: 'prose-secret-colon', text: 'Never hard-code the secret: use env vars', reason: 'advice about secrets' },
  { kind: 'prose-bearer', text: 'Use Bearer authentication for the API', reason: 'the word bearer' },
  { kind: 'ssh-port', text: 'ssh -p 2222 deploy@host', reason: '-p is a port' },
  { kind: 'mkdir-p', text: 'mkdir -p /tmp/out && gcc -pthread -o app app.c', reason: '-p flags that are not passwords' },
  { kind: 'curl-user-only', text: 'curl -u admin https://ci.example.com/api', reason: 'curl prompts for the password' },
  { kind: 'password-stdin', text: 'docker login --password-stdin -u ci registry.example.com', reason: 'a flag with no value' },
  { kind: 'git-url-user', text: 'git clone ssh://git@github.com/acme/app.git', reason: 'a plain user, no password' },
  { kind: 'scp-style', text: 'git@github.com:acme/app.git', reason: 'scp-style remote' },
  { kind: 'email', text: 'Contact ada.lovelace@example.com or https://example.com/@ada/posts', reason: 'emails and @ in paths' },
  { kind: 'localhost-url', text: 'postgres://localhost:5432/sales and redis://localhost:6379', reason: 'URLs without credentials' },
  { kind: 'traceback', text: 'Traceback (most recent call last):\n  File "/tmp/x.py", line 3, in <module>\nKeyError: \'password\'', reason: 'a KeyError naming a field' },
  { kind: 'table', text: '   region  revenue  units\n0  north   1234.5    12\n1  south    987.1     9', reason: 'pandas output' },
  { kind: 'docker-digest', text: `image@sha256:${r(64, HEX)}`, reason: 'an image digest' },
  { kind: 'npm-warn', text: 'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.', reason: 'package@version' },
  { kind: 'monkey', text: 'monkey = "banana"\nkeyboard = "qwerty"', reason: 'names that contain key' },
  { kind: 'passes', text: 'passes = 3\nbypass = True', reason: 'names that contain pass' },
  { kind: 'token-count-json', text: '{"token_count": 512, "tokens_used": 1200}', reason: 'token counts' },
  { kind: 'cookie-policy', text: 'cookie_policy: strict\nSESSION_ENGINE=django.contrib.sessions.backends.db', reason: 'settings about cookies and sessions' },
  { kind: 'path-40', text: 'open src/components/Button/index/styles/modul', reason: 'a 40-character path' },
  { kind: 'task-force', text: 'the task-force-assignment-list-for-today is long', reason: 'sk- inside a word' },
  { kind: 'aws-region', text: 'AWS_REGION=eu-west-1\nAWS_PROFILE=default', reason: 'AWS settings that are not secrets' },
  { kind: 'pip-hash', text: `requests==2.32.3 --hash=sha256:${r(64, HEX)}`, reason: 'a pinned hash' },
  { kind: 'token-type', text: '{"token_type": "Bearer", "expires_in": 3600}', reason: 'an OAuth answer without the token' },
  { kind: 'prose-token-expired', text: 'The token is expired; run login again.', reason: 'talks about a token' },
  { kind: 'my-password-short', text: 'my password is too short, the form says', reason: 'a complaint, not a password' },
  { kind: 'api-key-setting-doc', text: 'Set the API key in settings, then restart.', reason: 'instructions' },
  { kind: 'secret-santa', text: 'secret_santa = True', reason: 'a boolean' },
  { kind: 'key-error-hint', text: "KeyError: 'token'. Did you mean 'tokens'?", reason: 'an error naming a key' },
  { kind: 'css-colors', text: 'color: #1a2b3c; background: #ffffff;', reason: 'hex colours' },
  { kind: 'header-code', text: 'headers = {"Authorization": f"Bearer {token}", "X-Api-Key": os.environ["KEY"]}', reason: 'code that builds headers from variables' },
  { kind: 'twilio-look-alike', text: `cache key sk${r(32, HEX)} expired`, reason: 'lower-case sk and 32 hex digits: a hash, not a Twilio SID' },
  { kind: 'sendgrid-look-alike', text: 'SG.config.load(); SG.render(view)', reason: 'an object named SG' },
  { kind: 'docker-run-port', text: 'docker login ghcr.io && docker run -p 8080:80 nginx', reason: '-p after login, in the next command, is a port' },
  { kind: 'discord-channel-url', text: 'see https://discord.com/channels/123456789012345678/987654321098765432', reason: 'a channel link, not a webhook' },
  { kind: 'session-id', text: 'provenance: session:20261124_025013_4602', reason: 'a session id names a session' },
];
