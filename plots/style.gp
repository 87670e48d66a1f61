# Shared gnuplot style for capillab figures: loaded first by every plots/<experiment>.gp script.
#   gnuplot -e "datafile='...'; outfile='...'" -c plots/style.gp ... (scripts call: load 'plots/style.gp')
# Captions: in plots/<experiment>.gp, each line '# figure GLOB: text' (continued on the comment lines
# indented by three spaces) is the caption the report (paper/summary.py) gives every figure of the
# experiment's output folder that GLOB matches, its snapshots included; a figure without one fails
# the report's build.
set terminal pngcairo size 900,650 enhanced font 'DejaVu Sans,12'
set encoding utf8
set grid lw 0.5 lc rgb '#d0d0d0'
set key top right box opaque
set border lw 1.2
set tics out nomirror
set style line 1 lc rgb '#0060ad' lw 2 pt 7 ps 1.2     # measured
set style line 2 lc rgb '#dd181f' lw 2 dt 2            # reference / theory
set style line 3 lc rgb '#606060' lw 1.5 dt 3          # slope guide
# convergence plots: log-log axes, error against cells across the feature
set macros
loglog = "set logscale xy; set format x '%g'; set format y '10^{%L}'"
# TSV files write "NA" where a value is not available (e.g. the first row's observed order)
set datafile missing "NA"
