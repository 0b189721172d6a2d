# bench/lib/stats.sh: sourced by the bench scripts (not a bench itself).
# median: the median of the numbers on stdin, one per line.
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
# ms: seconds on stdin as whole milliseconds.
ms() { awk '{printf "%d\n", $1 * 1000 + 0.5}'; }
