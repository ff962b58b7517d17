#!/usr/bin/env bash
# Runs one phase of a longer check and says when it started and how long it took, so a slow phase
# shows (`just test` runs each of its phases through it).
#
#   scripts/phase.sh NAME COMMAND [ARGS...]   run COMMAND as phase NAME
#   scripts/phase.sh --summary                 print the phases run since the last summary
#
# Each phase's line is also appended to $PHASE_LOG (default: $TMPDIR/switchboard-phases.log),
# which --summary prints as a table (name, start in UTC, seconds, result) and then removes.
set -uo pipefail
log=${PHASE_LOG:-${TMPDIR:-/tmp}/switchboard-phases.log}

if [ "${1:-}" = --summary ]; then
  [ -f "$log" ] || exit 0
  printf '\n== phases\n'
  awk -F'\t' '{ printf "  %-14s %-8s %6ss  %s\n", $1, $2, $3, $4; total += $3 }
    END { printf "  %-14s %-8s %6ss\n", "total", "", total }' "$log"
  rm -f "$log"
  exit 0
fi

name=$1
shift
start=$(date +%s)
printf '\n== %s: started %s\n' "$name" "$(date -u +%H:%M:%SZ)"
"$@"
status=$?
secs=$(($(date +%s) - start))
result=ok
[ "$status" = 0 ] || result="failed ($status)"
printf '== %s: %s in %dm%02ds\n' "$name" "$result" $((secs / 60)) $((secs % 60))
printf '%s\t%s\t%s\t%s\n' "$name" "$(date -u -d @"$start" +%H:%M:%S)" "$secs" "$result" >>"$log"
exit "$status"
