#!/usr/bin/env bash
# A private PostgreSQL server for Keyform's tests (issue 26): its own data folder
# under /tmp, a Unix socket there and a loopback port, run as a non-root user
# (the server refuses root), torn down by `stop`. Idempotent and quick.
#
#   scripts/test-postgres.sh start   # start it (installs postgresql from apt if missing); prints its URL
#   scripts/test-postgres.sh url     # the URL the tests read from KEYFORM_TEST_POSTGRES
#   scripts/test-postgres.sh stop    # stop it and remove its folder
#   scripts/test-postgres.sh halt    # stop it, keeping its folder: `start` brings it back with its data
#                                    # (the tests of a server that goes away mid-form, on a server of their own)
#   scripts/test-postgres.sh tls     # a running server takes TCP only over TLS (hostssl), with a self-signed
#                                    # certificate made now, keyform_pw by a plain password (`password`):
#                                    # the tests of sslmode and ~/.pgpass over TCP, on a server of their own
#
#   export KEYFORM_TEST_POSTGRES="$(scripts/test-postgres.sh start)"
#
# Roles: keyform (a superuser, trusted on the socket and the port: the tests
# make a database per test) and keyform_pw (password "secret", asked for on the
# port only: the tests of PGPASSWORD, ~/.pgpass and a refused login).
# KEYFORM_PG_DIR (default /tmp/keyform-pg-UID), KEYFORM_PG_PORT (default 54329);
# KEYFORM_PG_DURABLE=1 keeps fsync on (the load test's figures); by default the
# throwaway cluster does not sync to disk.
set -euo pipefail

dir="${KEYFORM_PG_DIR:-/tmp/keyform-pg-$(id -u)}"
port="${KEYFORM_PG_PORT:-54329}"
# The server resolves its socket's lock file from its data folder, and the
# client tools run as the server's user from the current folder: an absolute
# folder, and / as the current one (root's home is closed to the server's
# user, who then says "could not change directory" on every call).
case "$dir" in /*) ;; *) dir="$PWD/$dir" ;; esac
cd /
url="postgres://keyform@/keyform?host=$dir&port=$port"

bin=""
for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/initdb" ] && bin="$candidate"
done

# The server's own user: root may not run it.
as_server() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

running() {
    [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ] && as_server "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

case "${1:-}" in
start)
    if [ -z "$bin" ]; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -q >&2
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q postgresql >&2
        # Debian's package starts its own cluster on 5432: ours does not need it.
        $sudo systemctl disable --now postgresql >/dev/null 2>&1 || true
        for candidate in /usr/lib/postgresql/*/bin; do
            [ -x "$candidate/initdb" ] && bin="$candidate"
        done
    fi
    if running; then
        echo "$url"
        exit 0
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        rm -rf "$dir"
        mkdir -p "$dir"
        [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
        as_server "$bin/initdb" -D "$dir/data" -U keyform -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; exit 1; }
        cat >"$dir/data/pg_hba.conf" <<EOF
local all all trust
host all keyform_pw 127.0.0.1/32 scram-sha-256
host all all 127.0.0.1/32 trust
EOF
    fi
    fsync=off
    [ "${KEYFORM_PG_DURABLE:-}" = 1 ] && fsync=on
    as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=$fsync -c max_connections=100" start >/dev/null \
        || { tail -20 "$dir/server.log" >&2; exit 1; }
    as_server "$bin/psql" -h "$dir" -p "$port" -U keyform -d postgres -qAt -v ON_ERROR_STOP=1 >/dev/null <<'EOF'
SELECT 'CREATE DATABASE keyform' WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'keyform')\gexec
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'keyform_pw') THEN
    CREATE ROLE keyform_pw LOGIN PASSWORD 'secret';
  END IF;
END $$;
EOF
    echo "$url"
    ;;
stop)
    if running; then
        as_server "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    rm -rf "$dir"
    ;;
halt)
    if running; then
        as_server "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    ;;
tls)
    running || { echo "no test server is running: scripts/test-postgres.sh start" >&2; exit 1; }
    as_server openssl req -new -x509 -days 2 -nodes -subj "/CN=localhost" \
        -keyout "$dir/data/server.key" -out "$dir/data/server.crt" >"$dir/openssl.log" 2>&1 \
        || { cat "$dir/openssl.log" >&2; exit 1; }
    as_server chmod 600 "$dir/data/server.key"
    cat >"$dir/data/pg_hba.conf" <<EOF
local all all trust
hostssl all keyform_pw 127.0.0.1/32 password
hostssl all all 127.0.0.1/32 trust
EOF
    as_server "$bin/psql" -h "$dir" -p "$port" -U keyform -d postgres -qAt -v ON_ERROR_STOP=1 \
        -c "ALTER SYSTEM SET ssl = on" -c "SELECT pg_reload_conf()" >/dev/null
    # The reload is the server's own work: wait until a TLS login over the port works.
    for _ in $(seq 50); do
        if as_server "$bin/psql" "host=127.0.0.1 port=$port user=keyform dbname=postgres sslmode=require" \
            -qAtX -c "SELECT 1" >/dev/null 2>&1; then
            exit 0
        fi
        sleep 0.1
    done
    echo "TLS did not come up: see $dir/server.log" >&2
    exit 1
    ;;
url)
    running || { echo "no test server is running: scripts/test-postgres.sh start" >&2; exit 1; }
    echo "$url"
    ;;
*)
    echo "usage: $0 start|stop|halt|tls|url" >&2
    exit 2
    ;;
esac
