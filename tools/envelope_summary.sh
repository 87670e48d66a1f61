#!/bin/sh
# The envelope runs' outcome (make envelope): per claim, its worst case as its log states it and its
# exit status; exit 1 if any claim's sample failed or stopped.
#   sh tools/envelope_summary.sh OUT_DIR NAME.status...
out=$1; shift
bad=0
for s in "$@"; do
  name=${s%.status}
  rc=$(cat "$out/$s" 2>/dev/null || echo missing)
  echo "$name: exit status $rc (envelope in $out/$name-envelope/)"
  grep -E '^\[[^]]*\] envelope: ' "$out/$name.log" 2>/dev/null | sed 's/^/    /'
  [ "$rc" = 0 ] || bad=1
done
[ "$bad" = 0 ] && echo "envelope: every sample of every claim passes" || echo "envelope: some samples fail (above)"
exit $bad
