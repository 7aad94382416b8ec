#!/bin/sh
# Audits a file of stored arrivals as N independent shards on this machine, N at a time, then
# merges them: what a CI matrix or a Kubernetes indexed Job does on N machines.
#
#   examples/audit/run-shards.sh N ARRIVALS RECEIVER CLAIMED OUTDIR
#
# Writes OUTDIR/audit-I.json and audit-I.jsonl per shard, then OUTDIR/audit.json,
# OUTDIR/audit.jsonl and OUTDIR/audit.md for the whole file. Exits as `audit merge` does:
# 0 clean, 1 not clean, 2 a shard could not read its files. SKAN_CONFORM names the binary
# (default: skan-conform on PATH).
set -eu
n=$1 arrivals=$2 receiver=$3 claimed=$4 out=$5
kit=${SKAN_CONFORM:-skan-conform}
mkdir -p "$out"
# Each shard exits 1 when its part is not clean; only 2 (a file it cannot read) stops here.
seq 1 "$n" | xargs -P "$n" -I{} sh -c '
  "$0" audit "$1" --receiver "$2" --claimed "$3" --shard "{}/$4" --jobs 1 \
    --report-json "$5/audit-{}.json" --arrivals-out "$5/audit-{}.jsonl" > "$5/audit-{}.out" 2>&1
  status=$?
  if [ "$status" -ge 2 ]; then cat "$5/audit-{}.out" >&2; exit 255; fi
' "$kit" "$arrivals" "$receiver" "$claimed" "$n" "$out"
reports=$(seq 1 "$n" | sed "s|.*|$out/audit-&.json|")
records=$(seq 1 "$n" | sed "s|.*|$out/audit-&.jsonl|")
# shellcheck disable=SC2086 # one path per line, no spaces in OUTDIR
exec "$kit" audit merge $reports --arrivals $records --arrivals-out "$out/audit.jsonl" \
  --report-json "$out/audit.json" --markdown "$out/audit.md"
