-- A national programme's operator lists, for the measurements of bench/results/ops-lists.md:
-- 5,000 customers in the five markets, 50,000 pending payouts, 20,000 disputes (one in ten
-- open) over 30,000 rejected scans, 5,000 claims (one in five open), 2,000 operators and 10,000
-- data-subject requests (one in ten open). Run on an empty migrated
-- database: psql -v ON_ERROR_STOP=1 -f src/server/testing/ops-lists-fill.sql <url>; the plan tests (src/server/db/list-plans.test.ts) load it too
BEGIN;

INSERT INTO products (id, country_code, currency, container_type, name_en, name_fr, name_ja, image_url, deposit_minor)
SELECT 'bench-' || m.code, m.code, m.currency, 'bottle', 'Bench bottle', 'Bouteille', 'ボトル', '/products/bench.webp', m.deposit
  FROM (VALUES ('us', 'USD', 10), ('ca', 'CAD', 10), ('uk', 'GBP', 20), ('fr', 'EUR', 20), ('jp', 'JPY', 50)) AS m(code, currency, deposit);

INSERT INTO users (id, email, country_code, locale, email_verified_at, created_at)
SELECT md5('bench-user-' || i)::uuid, 'bench' || i || '@example.com',
       (ARRAY['us', 'ca', 'uk', 'fr', 'jp'])[1 + i % 5], (ARRAY['en-US', 'en-CA', 'en-GB', 'fr-FR', 'ja-JP'])[1 + i % 5],
       now(), now() - interval '400 days'
  FROM generate_series(1, 5000) AS i;

-- One container per scan, and the scans: 30,000 rejected (the disputed ones), 5,000 pending that claims compete for.
INSERT INTO containers (code, product_id)
SELECT 'BENCH' || lpad(i::text, 8, '0'), 'bench-' || (ARRAY['us', 'ca', 'uk', 'fr', 'jp'])[1 + (i % 5000) % 5]
  FROM generate_series(1, 35000) AS i;

-- And 5,000 issued that nobody scanned yet.
INSERT INTO containers (code, product_id, created_at)
SELECT 'BENCH' || lpad(i::text, 8, '0'), 'bench-' || (ARRAY['us', 'ca', 'uk', 'fr', 'jp'])[1 + i % 5], now() - interval '200 days' + i * interval '1 minute'
  FROM generate_series(35001, 40000) AS i;

INSERT INTO scans (id, user_id, container_code, product_id, status, scanned_at, reason, resolved_at, created_at)
SELECT md5('bench-scan-' || i)::uuid, md5('bench-user-' || (1 + i % 5000))::uuid, 'BENCH' || lpad(i::text, 8, '0'),
       'bench-' || (ARRAY['us', 'ca', 'uk', 'fr', 'jp'])[1 + (1 + i % 5000) % 5],
       CASE WHEN i <= 30000 THEN 'REJECTED' ELSE 'PENDING' END,
       now() - interval '300 days' + i * interval '10 minutes',
       CASE WHEN i <= 30000 THEN 'Cracked' END,
       CASE WHEN i <= 30000 THEN now() - interval '300 days' + i * interval '10 minutes' END,
       now() - interval '300 days' + i * interval '10 minutes'
  FROM generate_series(1, 35000) AS i;

-- 20,000 disputes: the first 10,000 over one scan each, the next 10,000 over two.
INSERT INTO disputes (id, user_id, status, reason, amount_minor, currency, answer, resolved_at, created_at)
SELECT md5('bench-dispute-' || d)::uuid, md5('bench-user-' || (1 + d % 5000))::uuid,
       CASE WHEN d % 10 = 0 THEN 'OPEN' ELSE 'UPHELD' END, 'returned', 10,
       (ARRAY['USD', 'CAD', 'GBP', 'EUR', 'JPY'])[1 + (1 + d % 5000) % 5],
       CASE WHEN d % 10 = 0 THEN NULL ELSE 'We checked it' END,
       CASE WHEN d % 10 = 0 THEN NULL ELSE now() - interval '10 days' END,
       now() - interval '250 days' + d * interval '12 minutes'
  FROM generate_series(1, 20000) AS d;

INSERT INTO dispute_scans (scan_id, dispute_id)
SELECT md5('bench-scan-' || s)::uuid, md5('bench-dispute-' || CASE WHEN s <= 10000 THEN s ELSE 10000 + (s - 9999) / 2 END)::uuid
  FROM generate_series(1, 30000) AS s;

-- 5,000 claims by another customer on the pending scans.
INSERT INTO scan_claims (container_code, pending_scan_id, user_id, scanned_at, status, resolved_at, created_at)
SELECT 'BENCH' || lpad((30000 + c)::text, 8, '0'), md5('bench-scan-' || (30000 + c))::uuid, md5('bench-user-' || (1 + (30001 + c) % 5000))::uuid,
       now() - interval '20 days' + c * interval '5 minutes',
       CASE WHEN c % 5 = 0 THEN 'OPEN' ELSE 'DISMISSED' END,
       CASE WHEN c % 5 = 0 THEN NULL ELSE now() - interval '1 day' END,
       now() - interval '20 days' + c * interval '5 minutes'
  FROM generate_series(1, 5000) AS c;

-- 50,000 pending payouts, none exported yet.
INSERT INTO withdrawals (user_id, idempotency_key, amount_minor, fee_minor, currency, method, status, account_name, account_number, created_at)
SELECT md5('bench-user-' || (1 + w % 5000))::uuid, 'bench-' || w, 1000 + w % 500, 0,
       (ARRAY['USD', 'CAD', 'GBP', 'EUR', 'JPY'])[1 + (1 + w % 5000) % 5], 'PAYPAL', 'PENDING', 'Bench Person', '•••• 1234',
       now() - interval '30 days' + w * interval '30 seconds'
  FROM generate_series(1, 50000) AS w;

-- 100,000 settled payouts, the history finance looks back on: mostly paid, some failed or cancelled.
INSERT INTO withdrawals (user_id, idempotency_key, amount_minor, fee_minor, currency, method, status, account_name, account_number, reason, resolved_at, created_at)
SELECT md5('bench-user-' || (1 + w % 5000))::uuid, 'bench-settled-' || w, 1000 + w % 500, 0,
       (ARRAY['USD', 'CAD', 'GBP', 'EUR', 'JPY'])[1 + (1 + w % 5000) % 5], 'PAYPAL',
       CASE WHEN w % 20 = 0 THEN 'FAILED' WHEN w % 50 = 0 THEN 'CANCELLED' ELSE 'COMPLETED' END, 'Bench Person', '•••• 1234',
       CASE WHEN w % 20 = 0 OR w % 50 = 0 THEN 'Account closed' END,
       now() - interval '400 days' + w * interval '5 minutes' + interval '2 days',
       now() - interval '400 days' + w * interval '5 minutes'
  FROM generate_series(1, 100000) AS w;

-- 2,000 approvals, one in four pending.
INSERT INTO operator_approvals (action, record_id, request, amount_minor, currency, requested_by, requested_by_person, status, decided_by, decided_by_person, decided_at, created_at)
SELECT 'balance.adjust', 'bench-' || a, '{}'::jsonb, 5000, (ARRAY['USD', 'CAD', 'GBP', 'EUR', 'JPY'])[1 + a % 5], 'Bench operator', 'operator:bench-a',
       CASE WHEN a % 4 = 0 THEN 'PENDING' ELSE 'APPROVED' END,
       CASE WHEN a % 4 = 0 THEN NULL ELSE 'Bench approver' END,
       CASE WHEN a % 4 = 0 THEN NULL ELSE 'operator:bench-b' END,
       CASE WHEN a % 4 = 0 THEN NULL ELSE now() END,
       now() - interval '60 days' + a * interval '30 minutes'
  FROM generate_series(1, 2000) AS a;

-- 2,000 operators (a national programme's facilities and care desks, over the years) and 10,000
-- data-subject requests, one in ten open.
INSERT INTO operators (email, name, roles, status, totp_secret, created_at)
SELECT 'bench-operator' || o || '@example.com', 'Bench operator ' || o, ARRAY['check-in'], CASE WHEN o % 3 = 0 THEN 'DISABLED' ELSE 'INVITED' END,
       'JBSWY3DPEHPK3PXP', now() - interval '700 days' + o * interval '8 hours'
  FROM generate_series(1, 2000) AS o;
INSERT INTO dsar_requests (kind, name, email, country_code, locale, received_at, due_at, closed_at)
SELECT (ARRAY['access', 'deletion', 'rectification', 'other'])[1 + r % 4], 'Bench Person', 'bench' || (1 + r % 5000) || '@example.com', 'fr', 'fr-FR',
       now() - interval '400 days' + r * interval '1 hour', now() - interval '370 days' + r * interval '1 hour',
       CASE WHEN r % 10 = 0 THEN NULL ELSE now() - interval '380 days' + r * interval '1 hour' END
  FROM generate_series(1, 10000) AS r;
-- The audit trail: 40,000 entries about customers (eight each), through the chain trigger as the server writes them.
INSERT INTO audit_entries (actor, action, record_type, record_id, amount_minor, currency, detail, subject_type, subject_id)
SELECT 'bench@roundtrip.test', 'balance.adjust', 'ledger_entry', g::text, 100, 'USD', '{}'::jsonb, 'customer', md5('bench-user-' || (1 + g % 5000))::uuid::text
  FROM generate_series(1, 40000) AS g;

COMMIT;
ANALYZE;
