#!/usr/bin/env bash
# The first step of `npm test`: what the tests need outside node_modules, present and running.
#
# - Chromium for the end-to-end journeys and the accessibility checks (CHROMIUM_PATH, else
#   /usr/bin/chromium);
# - PostgreSQL on 127.0.0.1:5432 with trust authentication and a database "test" (the payout
#   journeys, `DATABASE_URL=… npm run test:api`), its client tools (psql, pg_isready) and its server
#   programs (initdb, pg_ctl in /usr/lib/postgresql/<version>/bin: the outage tests start their own);
#   with E2E_POSTGRES_URL set, that server instead, left as it is;
# - Redis on 127.0.0.1:6379 (the counts several servers share), with redis-server and redis-cli;
#   with TEST_REDIS_URL set, that server instead, left as it is;
# - haproxy (the proxy tests), promtool from Prometheus (the metrics' rules), and Python's aiosmtpd
#   (a real SMTP server for the mail tests, run as `/usr/bin/python3 -m aiosmtpd`).
#
# On Debian as root, what is missing is installed with apt-get and started, saying so. Anywhere else
# it stops at once with the exact commands to run. When everything is there it only looks (well
# under a second). docs/architecture.md, "Tests", says more.
set -euo pipefail

say() { echo "test prerequisites: $*" >&2; }

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
PG_URL="${E2E_POSTGRES_URL:-}"
REDIS_URL_OF_TESTS="${TEST_REDIS_URL:-}"

# --- what is missing -------------------------------------------------------------------------------

need_pg_start=""  # the local PostgreSQL server is installed but not answering, or has no "test" database
need_redis_start=""

have() { command -v "$1" >/dev/null 2>&1; }
pg_server_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# The Debian packages whose programs are missing, into `packages`.
find_packages() {
  packages=()
  [ -x "$CHROMIUM" ] || packages+=(chromium)
  local pg_bin
  pg_bin=$(pg_server_bin)
  if ! have psql || ! have pg_isready || [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ] || [ ! -x "$pg_bin/pg_ctl" ]; then
    packages+=(postgresql)
  fi
  if ! have redis-server || ! have redis-cli; then packages+=(redis-server); fi
  # haproxy lives in /usr/sbin, which an ordinary user's PATH may not have.
  have haproxy || [ -x /usr/sbin/haproxy ] || packages+=(haproxy)
  have promtool || packages+=(prometheus)
  /usr/bin/python3 -c 'import aiosmtpd' >/dev/null 2>&1 || packages+=(python3-aiosmtpd)
}
find_packages

pg_ok() {
  # -w: never ask for a password; trust authentication is what the tests use.
  if [ -n "$PG_URL" ]; then
    psql -w "$PG_URL" -tAc 'select 1' >/dev/null 2>&1
  else
    psql -w "postgres://postgres@127.0.0.1:5432/postgres" -tAc "select 1 from pg_database where datname = 'test'" 2>/dev/null | grep -q 1
  fi
}
if have psql && have pg_isready && ! pg_ok; then need_pg_start=1; fi

redis_ok() {
  if [ -n "$REDIS_URL_OF_TESTS" ]; then
    redis-cli -u "$REDIS_URL_OF_TESTS" ping 2>/dev/null | grep -q PONG
  else
    redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG
  fi
}
if have redis-cli && ! redis_ok; then need_redis_start=1; fi

# A browser or server the caller names is theirs to provide: this script installs and starts only
# the local defaults.
if [ -n "${CHROMIUM_PATH:-}" ] && [ ! -x "$CHROMIUM" ]; then
  say "CHROMIUM_PATH is set, but $CHROMIUM is not an executable: point it at Chromium, or unset it."
  exit 1
fi
if [ -n "$PG_URL" ] && ! pg_ok && have psql; then
  say "E2E_POSTGRES_URL is set, but PostgreSQL does not answer there: start it, or unset E2E_POSTGRES_URL."
  exit 1
fi
if [ -n "$REDIS_URL_OF_TESTS" ] && have redis-cli && ! redis_ok; then
  say "TEST_REDIS_URL is set, but Redis does not answer there: start it, or unset TEST_REDIS_URL."
  exit 1
fi

if [ ${#packages[@]} -eq 0 ] && [ -z "$need_pg_start" ] && [ -z "$need_redis_start" ]; then
  exit 0
fi

# --- the commands that fix it ----------------------------------------------------------------------

# PostgreSQL on 127.0.0.1:5432, trust authentication for local TCP, and a database "test" (what the
# tests connect to: postgres://postgres@127.0.0.1:5432/test). Tolerates a cluster already running.
start_postgres() {
  local version hba
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  else
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true # exits 2 when already running
  fi
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  psql -w "postgres://postgres@127.0.0.1:5432/postgres" -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1 ||
    psql -w "postgres://postgres@127.0.0.1:5432/postgres" -qc 'create database test'
}

# Redis on 127.0.0.1:6379, nothing kept on disk.
start_redis() {
  # Installing the package may have started its service already.
  redis-cli -h 127.0.0.1 ping 2>/dev/null | grep -q PONG ||
    redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 ping 2>/dev/null | grep -q PONG && break; sleep 1; done
}

missing_words=()
[ ${#packages[@]} -gt 0 ] && missing_words+=("not installed: ${packages[*]}")
[ -n "$need_pg_start" ] && missing_words+=("PostgreSQL not answering on 127.0.0.1:5432 with trust authentication and a database \"test\"")
[ -n "$need_redis_start" ] && missing_words+=("Redis not answering on 127.0.0.1:6379")

is_debian=""
[ -f /etc/debian_version ] && { have apt-get || [ -x /usr/bin/apt-get ]; } && is_debian=1

if [ -z "$is_debian" ] || [ "$(id -u)" -ne 0 ]; then
  {
    echo "test prerequisites: npm test cannot run here yet:"
    printf '  - %s\n' "${missing_words[@]}"
    if [ -n "$is_debian" ]; then
      echo "Run as root (or prefix each line with sudo), then npm test again:"
    else
      echo "This is not Debian: install the same with your package manager; on Debian, as root:"
    fi
    all_packages=("${packages[@]}")
    # Starting a server needs its programs, even when only the server is not running.
    [ -n "$need_pg_start" ] && [[ " ${all_packages[*]} " != *" postgresql "* ]] && all_packages+=(postgresql)
    [ ${#all_packages[@]} -gt 0 ] && echo "  apt-get update && apt-get install -y ${all_packages[*]}"
    if [ -n "$need_pg_start" ] || [[ " ${packages[*]} " == *" postgresql "* ]]; then
      echo "  v=\$(ls /etc/postgresql | sort -V | tail -n 1)"
      echo "  grep -q '^host all all 127.0.0.1/32 trust' /etc/postgresql/\$v/main/pg_hba.conf ||"
      echo "    sed -i '1i host all all 127.0.0.1/32 trust\\nhost all all ::1/128 trust' /etc/postgresql/\$v/main/pg_hba.conf"
      echo "  pg_ctlcluster \$v main start || pg_ctlcluster \$v main reload"
      echo "  psql postgres://postgres@127.0.0.1:5432/postgres -c 'create database test'"
    fi
    if [ -n "$need_redis_start" ] || [[ " ${packages[*]} " == *" redis-server "* ]]; then
      echo "  redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no"
    fi
    if [[ " ${packages[*]} " == *" chromium "* ]]; then
      echo "  (or set CHROMIUM_PATH to a Chromium of your own)"
    fi
  } >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if [ ${#packages[@]} -gt 0 ]; then
  say "installing ${packages[*]} (apt-get)…"
  apt-get update -qq
  apt-get install -y -qq "${packages[@]}" >/dev/null
  find_packages
  if [ ${#packages[@]} -gt 0 ]; then
    say "still missing after apt-get install: ${packages[*]}"
    exit 1
  fi
fi
if ! pg_ok; then
  say "starting PostgreSQL on 127.0.0.1:5432 (trust authentication, database \"test\")…"
  start_postgres
fi
if ! redis_ok; then
  say "starting Redis on 127.0.0.1:6379…"
  start_redis
fi
pg_ok || { say "PostgreSQL still does not answer on 127.0.0.1:5432."; exit 1; }
redis_ok || { say "Redis still does not answer on 127.0.0.1:6379."; exit 1; }
say "ready."
