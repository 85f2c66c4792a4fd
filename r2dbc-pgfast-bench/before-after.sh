#!/usr/bin/env bash
# Core's receive path (CoreDataRowBenchmark) on two builds of core and codecs, in alternating JMH forks
# (BENCHMARKS.md, "Parser-only"). Run from anywhere inside the repository:
#
#   r2dbc-pgfast-bench/before-after.sh [BEFORE [AFTER]] [-- parser options]
#
# BEFORE and AFTER are commits (default 4130d08^ and 4130d08: the switch of the protocol decoders and codecs to
# UnsignedInts); AFTER "-" means the current checkout's own core and codecs. The jars of each commit are built in
# a temporary git worktree (package, not install: ~/.m2 is left alone) and put first on the class path of that
# side's forks; the benchmark itself is built once, from the current checkout. Options after "--" go to
# `--parser` (e.g. --rounds 4 --datasets SHORT_5 --iterations 3). Offline build (-o): the dependencies must be in
# ~/.m2 already.
set -euo pipefail

before=4130d08^
after=4130d08
if [[ $# -gt 0 && $1 != -- ]]; then before=$1; shift; fi
if [[ $# -gt 0 && $1 != -- ]]; then after=$1; shift; fi
if [[ $# -gt 0 && $1 == -- ]]; then shift; fi

root=$(git rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/pgfast-before-after.XXXXXX")
trees=()
cleanup() {
  for t in "${trees[@]}"; do git -C "$root" worktree remove --force "$t" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

mvn_package() { # $1: checkout, $2: module
  (cd "$1" && ./mvnw -B -o -q package -DskipTests -Dmaven.javadoc.skip=true -pl "$2" -am)
}

# Builds core and codecs at commit $1 and copies their jars to $2.
jars_of() {
  local commit=$1 out=$2 tree
  tree="$work/tree-$(basename "$out")"
  git -C "$root" worktree add --detach --quiet "$tree" "$commit"
  trees+=("$tree")
  echo "[before-after] building core and codecs at $(git -C "$tree" log -1 --format='%h %s' | cut -c1-80)" >&2
  mvn_package "$tree" r2dbc-pgfast-core
  mkdir -p "$out"
  cp "$tree"/r2dbc-pgfast-core/target/r2dbc-pgfast-core-*.jar "$tree"/r2dbc-pgfast-codecs/target/r2dbc-pgfast-codecs-*.jar "$out"/
  rm -f "$out"/*-sources.jar "$out"/*-javadoc.jar "$out"/*-tests.jar
}

echo "[before-after] building the benchmark from $root" >&2
mvn_package "$root" r2dbc-pgfast-bench
jars_of "$before" "$work/before"
args=(--core-before "$work/before")
if [[ $after != - ]]; then
  jars_of "$after" "$work/after"
  args+=(--core-after "$work/after")
fi
cd "$root"
java -jar r2dbc-pgfast-bench/target/r2dbc-pgfast-bench.jar --parser "${args[@]}" "$@"
