import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { environmentSchema } from './config';

// The settings table of docs/configuration.md, written here beside the environment schema it
// describes: that page quotes it between its settings markers (`npx tsx src/server/settings.ts --docs`
// rewrites that block), and a test fails when the schema has a variable no row names, a row names
// one the schema does not have, or the page's copy differs.

export type SettingName = keyof typeof environmentSchema.shape;

export interface SettingRow {
  /** One variable, or a few that go together (a pair, a market each). */
  names: SettingName[];
  /** What holds when it is unset, in Markdown. */
  default: string;
  /** What it does, in Markdown. */
  what: string;
}

export const settingRows: SettingRow[] = [
  {
    names: ['PORT'],
    default: '`8080`',
    what: 'HTTP port of the server (app and API)',
  },
  {
    names: ['HOST'],
    default: '`127.0.0.1` on a local `PUBLIC_URL` (or none), else `0.0.0.0`',
    what: 'Address to listen on. A local server holds the demo accounts, whose password is published: it listens on this machine only unless `HOST` is set (the start banner says which)',
  },
  {
    names: ['DATA_DIR'],
    default: '`./data`',
    what: 'Embedded database (`pglite/`), local mails (`mail/`) and local keys',
  },
  {
    names: ['DATABASE_URL'],
    default: '–',
    what: '`postgres://…`: use this PostgreSQL server instead of PGlite',
  },
  {
    names: ['PUBLIC_URL'],
    default: '`http://localhost:$PORT`',
    what: 'Base of links in mails and of container QR codes',
  },
  {
    names: ['SMTP_URL'],
    default: '–',
    what: '`smtp://user:pass@host:587`: send mails over SMTP instead of writing files',
  },
  {
    names: ['MAIL_FROM'],
    default: '`Roundtrip <no-reply@roundtrip.example>`',
    what: 'Sender of mails',
  },
  {
    names: ['SUPPORT_EMAIL'],
    default: '`support@roundtrip.example`',
    what: 'Where contact-form messages and data-subject requests go',
  },
  {
    names: ['REDIS_URL'],
    default: '–',
    what: '`redis://host:6379`: share rate-limit counters between instances. At start the server waits for Redis to answer once; while Redis is away, each instance counts in its own memory and logs it (no request fails for it)',
  },
  {
    names: ['OPS_KEY'],
    default: '–',
    what: "A deployment's older operator key (`X-Ops-Key`), at least 16 characters: works as an automation token with every role, audited as `OPS_KEY`. New scripts use named tokens (`npm run ops -- tokens create`)",
  },
  {
    names: ['OPERATOR_SESSION_IDLE', 'OPERATOR_SESSION_MAX_AGE'],
    default: '900, 28800',
    what: "An operator's session ends after this many seconds without a call (at most 3600), and this long after sign-in (at most 12 hours)",
  },
  {
    names: ['APPROVAL_LIMITS'],
    default: '`{"USD":"25.00","CAD":"30.00","GBP":"20.00","EUR":"25.00","JPY":"3000"}`',
    what: "Adjustments and dispute credits above these amounts wait for a second operator's approval (JSON, per currency), and what one person has moved for one customer in the last 24 hours counts with each new one",
  },
  {
    names: ['APPROVAL_DAILY_LIMITS'],
    default: 'four times `APPROVAL_LIMITS`',
    what: 'What one person may move by hand in 24 hours across all customers (adjustments, dispute credits, check-ins of codes issued in the last 24 hours) before a second operator must approve (JSON, per currency)',
  },
  {
    names: ['MAX_PENDING_SCANS'],
    default: '`100`',
    what: 'Scans one customer may have waiting for check-in at once; beyond, a scan is refused (`TOO_MANY_PENDING_SCANS`) until the facility checks some in. A load test lifts it',
  },
  {
    names: ['MAX_OPEN_CLAIMS', 'CLAIM_REFUSALS_FLAG'],
    default: '5, 3',
    what: "Claims (scans of a code someone else's scan holds) one customer may hold open at once; beyond, a scan is refused (`TOO_MANY_OPEN_CLAIMS`) and the refusal kept for care, whose claims list flags an account refused this many times in 30 days (docs/operators.md, Claims per account)",
  },
  {
    names: ['PAYMENT_DATA_KEY'],
    default: '–',
    what: '32 bytes in base64 (`npm run ops -- payment-key generate`, or `openssl rand -base64 32`): encrypts bank details at rest. Unset: `DATA_DIR/payment-data.key`, made on first start (mode 0600). Several instances must share one key; an instance whose key cannot read the stored bank details refuses to start (Payment-data key, below)',
  },
  {
    names: ['PAYMENT_DATA_READ_KEYS'],
    default: '–',
    what: 'Comma-separated keys that open stored bank details but never seal new ones: held during a rolling key rotation',
  },
  {
    names: ['AUDIT_SIGNING_KEY'],
    default: '–',
    what: "The Ed25519 private key that signs the audit trail's checkpoints, PKCS8 PEM or its DER in base64 (`openssl genpkey -algorithm ed25519`). Unset on a local `PUBLIC_URL`: a key made once in `DATA_DIR/audit-signing-key.pem` (mode 0600), said in the log. Unset on any other address (and no `AUDIT_SIGNING_KEY_FILE`): the server refuses to start. Its public half: `npm run ops -- audit public-key` (docs/operators.md, The audit trail's anchor)",
  },
  {
    names: ['AUDIT_SIGNING_KEY_FILE'],
    default: '–',
    what: 'A file holding that key instead (a mounted secret); one of the two, not both',
  },
  {
    names: ['AUDIT_CHECKPOINT_DIR'],
    default: '`DATA_DIR/audit-checkpoints`',
    what: "Where the signed checkpoints are appended (`checkpoints.jsonl`, one JSON line each). In production, storage the database's host and admins cannot rewrite: an append-only mount, or a file made append-only (`chattr +a`)",
  },
  {
    names: ['RATE_LIMITS'],
    default: '–',
    what: 'JSON that replaces some of the API\'s rate limits (names and defaults in `src/server/http/rate-limit.ts`), e.g. `{"scansPerUser": {"points": 300, "windowSeconds": 60}}`',
  },
  {
    names: ['ACCESS_TOKEN_TTL'],
    default: '`900`',
    what: "Access token lifetime, seconds, at most 900 (also the access cookie's max-age)",
  },
  {
    names: ['REFRESH_TOKEN_TTL'],
    default: '`2592000`',
    what: "Refresh token lifetime from its last use, seconds (also the refresh cookie's max-age)",
  },
  {
    names: ['SESSION_MAX_AGE'],
    default: '`7776000`',
    what: 'Absolute end of a session after its sign-in, seconds (90 days), however often it is refreshed',
  },
  {
    names: ['TRUST_PROXY'],
    default: '`false`',
    what: 'Behind a load balancer: the number of proxies in front (`1`, `2`…; `true` means `1`) or a comma-separated list of their addresses or ranges (`10.0.0.0/8,192.168.1.7`). The client address is then the entry those proxies added to `X-Forwarded-For`, never one the client wrote itself; `false` behind a proxy makes every customer one address for the rate limits',
  },
  {
    names: ['SEED_DEMO'],
    default: '`true` when `PUBLIC_URL` is local, else `false`',
    what: 'Add the demo data at start. Only allowed when `PUBLIC_URL` is `localhost`, `*.localhost` or a loopback address: with any other address, `SEED_DEMO=true`, or a database that already holds the demo accounts, stops the server at start with a message saying why (their password is published)',
  },
  {
    names: ['SHUTDOWN_TIMEOUT'],
    default: '`10`',
    what: 'Seconds a stop may take (requests in flight, then the mail they queued, then the database) before the process exits anyway',
  },
  {
    names: ['LOG_LEVEL'],
    default: '`info`',
    what: '`fatal` … `trace`, or `silent`',
  },
  {
    names: ['STATIC_DIR'],
    default: '`./dist`',
    what: 'The built app the server serves',
  },
  {
    names: ['WEB_PUSH'],
    default: '`true`',
    what: 'Phone notifications (Web Push) when money moves. `false`: none are offered; news still shows in the app and by mail for those who asked',
  },
  {
    names: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    default: '–',
    what: "The Web Push key pair, base64url (`npx web-push generate-vapid-keys`), the same on every instance. Unset on a local `PUBLIC_URL`: a pair made once in `DATA_DIR/vapid.json` (mode 0600) and kept, since browsers' subscriptions are bound to it. Unset on any other address with `WEB_PUSH` on: the server refuses to start",
  },
  {
    names: ['VAPID_SUBJECT'],
    default: '–',
    what: 'A `mailto:` or `https:` address where push services can reach the operator; set with the two keys (all three or none)',
  },
  {
    names: ['PUSH_SERVICE_HOSTS'],
    default: "the browsers' push services",
    what: 'Comma-separated hosts a push subscription may name, subdomains included; replaces the list (Production, Push services)',
  },
  {
    names: ['LINE_PAY_MARKETS'],
    default: '–',
    what: 'Markets where this deployment offers LINE Pay payouts, comma-separated (`jp`); by default no market offers it (`paymentMethodsByMarket`)',
  },
  {
    names: ['PAYOUT_ORIGINATOR_FR', 'PAYOUT_ORIGINATOR_US', 'PAYOUT_ORIGINATOR_JP', 'PAYOUT_ORIGINATOR_UK', 'PAYOUT_ORIGINATOR_CA'],
    default: 'demo accounts on a local address, none otherwise',
    what: "The programme's own account per market, as JSON, for the bank files of `payouts export` (docs/operators.md, Finance's files); an export with payouts of a market whose account is not set is refused (`PAYOUT_ORIGINATOR_MISSING`)",
  },
  {
    names: ['PAYOUT_PROVIDER_TRANSFERWISE', 'PAYOUT_PROVIDER_PAYPAL'],
    default: '`manual`',
    what: "Who pays each method's payouts: `manual` (the files of `payouts export`), or `wise` / `paypal`: `payouts submit` sends them through the provider's API and its webhook settles them (docs/operators.md, Payouts through Wise and PayPal). A public start refuses a provider without its four settings below",
  },
  {
    names: ['WISE_API_URL', 'WISE_API_TOKEN', 'WISE_PROFILE_ID', 'WISE_WEBHOOK_PUBLIC_KEY'],
    default: 'a local double of Wise on a local address, none otherwise',
    what: "Wise's API (`https://api.wise.com`), an API token of the business profile, that profile's id, and the PEM public key Wise signs its webhooks with (`X-Signature-SHA256`); `\\n` stands for a line break. On a local address with `PAYOUT_PROVIDER_TRANSFERWISE=wise` and no `WISE_API_URL`, the server starts a double of Wise on 127.0.0.1 and pays nobody",
  },
  {
    names: ['PAYPAL_API_URL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
    default: 'a local double of PayPal on a local address, none otherwise',
    what: "PayPal's REST API (`https://api-m.paypal.com`), the OAuth client of the app that pays, and the id of its webhook, with which every event is verified by PayPal (`/v1/notifications/verify-webhook-signature`). On a local address with `PAYOUT_PROVIDER_PAYPAL=paypal` and no `PAYPAL_API_URL`, a double of PayPal on 127.0.0.1",
  },
  {
    names: ['MAP_STYLE_URL'],
    default: 'OpenFreeMap Liberty (`https://tiles.openfreemap.org/styles/liberty`)',
    what: "A MapLibre style (vector tiles) drawn over the offline basemap of the return-point map; its origin is added to the CSP's `connect-src`. The app reads it from `GET /api/v2/config`, no rebuild needed. `none`: the offline basemap alone (docs/map-streets.md)",
  },
  {
    names: ['MAP_TILE_ORIGINS'],
    default: '–',
    what: "Comma-separated origins (`https://tiles.example.com`) where that style's tiles, glyphs and sprites live when not on the style's own origin; added to `connect-src` too, and the service worker keeps what the map fetched from them (`src/app/features/map/README.md`)",
  },
];

/** The table as docs/configuration.md quotes it. */
export function settingsTable(): string {
  const lines = ['| Variable | Default | What it does |', '|---|---|---|'];
  for (const row of settingRows) lines.push(`| ${row.names.map((name) => `\`${name}\``).join(', ')} | ${row.default} | ${row.what} |`);
  return lines.join('\n');
}

/** Variables of the schema no row names, and names no variable of the schema has. */
export function settingsGaps(): { undocumented: string[]; unknown: string[] } {
  const named = settingRows.flatMap((row) => row.names as string[]);
  const variables = Object.keys(environmentSchema.shape);
  return {
    undocumented: variables.filter((name) => !named.includes(name)),
    unknown: named.filter((name) => !variables.includes(name)),
  };
}

const pagePath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'configuration.md');
const start = '<!-- settings: generated from src/server/settings.ts by `npx tsx src/server/settings.ts --docs` -->';
const end = '<!-- /settings -->';

/** The page's copy of the table, or undefined when it has no settings block. */
export function documentedSettings(): string | undefined {
  const page = readFileSync(pagePath, 'utf8');
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  return from >= 0 && to > from ? page.slice(from + start.length, to).trim() : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--docs')) {
  const page = readFileSync(pagePath, 'utf8');
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/configuration.md has no ${start} … ${end} block`);
  writeFileSync(pagePath, `${page.slice(0, from + start.length)}\n\n${settingsTable()}\n\n${page.slice(to)}`);
}
