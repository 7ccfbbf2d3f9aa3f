#!/usr/bin/env bash
# What npm test needs on this machine, installed from Debian's packages and started when missing:
# Chromium (Playwright's browser), WebKitGTK and Firefox ESR (the cross-engine journeys), a Japanese font (the ja-JP layout checks measure real glyphs),
# PostgreSQL (the server tests run on PGlite and on PostgreSQL) and Redis (shared rate limits).
# scripts/test.mjs runs this when npm test runs as root; each step says what it does.
set -euo pipefail

apt_install() {
  echo "npm test: installing $* from Debian's packages"
  if [ -z "${APT_UPDATED:-}" ]; then
    apt-get update -qq
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  apt_install chromium
fi

# WebKit and Firefox for the cross-engine journeys (e2e-engines/): WebKitGTK's WebDriver and
# MiniBrowser, the virtual display MiniBrowser draws on, and Firefox ESR (driven over WebDriver BiDi,
# no separate driver).
engines=()
command -v WebKitWebDriver >/dev/null || engines+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || engines+=(xvfb)
[ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || engines+=(firefox-esr)
if [ "${#engines[@]}" -gt 0 ]; then
  apt_install "${engines[@]}"
fi

# A Japanese font: without one the ja-JP screens are drawn in fallback boxes, and the layout
# checks at 360 px would measure boxes instead of the text a Japanese phone shows.
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
  apt_install fonts-noto-cjk
fi

# PostgreSQL: installed when missing (then the test role may connect over 127.0.0.1 without a
# password, as on a CI machine), started if it stopped, with the database `test` the tests use.
if ! command -v pg_ctlcluster >/dev/null; then
  apt_install postgresql
  hba="$(ls -d /etc/postgresql/*/main | head -n 1)/pg_hba.conf"
  echo "npm test: letting postgres connect from 127.0.0.1 without a password ($hba)"
  sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main restart || true
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "npm test: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  for _ in $(seq 1 50); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.2; done
fi
if pg_isready -q -h 127.0.0.1 -p 5432 && ! psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1; then
  echo "npm test: creating the PostgreSQL database test"
  psql -h 127.0.0.1 -U postgres -c 'create database test' >/dev/null
fi

# Redis, for the shared rate-limit counters (REDIS_URL): tests that need it run when TEST_REDIS_URL is set.
redis_answers() {
  # PING over bash's /dev/tcp: no redis-cli needed to ask.
  (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && IFS= read -r -t 2 reply <&3 && [[ "$reply" == +PONG* ]]) 2>/dev/null
}
if ! redis_answers; then
  echo "npm test: starting redis-server on 127.0.0.1:6379"
  if ! command -v redis-server >/dev/null; then
    apt_install redis-server
  fi
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 50); do redis_answers && break; sleep 0.1; done
  redis_answers || { echo "redis-server did not answer on 127.0.0.1:6379 (see /var/log/redis/ci.log)"; exit 1; }
fi

