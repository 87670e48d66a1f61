# Figures of the drop_oscillation experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/drop_oscillation'" plots/drop_oscillation.gp
# figure snapshot_*.png: The drop of the inviscid case every quarter of its first period (snapshot_K
#   at K quarters), at the finest resolution, with the linear theory's shape at that time dashed.
# figure surface_*.png: The 3D drop (--geometry 3d) every quarter of its first period (surface_K at K
#   quarters), at the coarsest resolution: its surface phi = 0 shaded (cap_io_png_surface), the octant
#   computed mirrored to the whole drop.
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# figure convergence.png: The period error (inviscid case) and, planar, the decay-rate error (viscous case)
#   against the cells across the drop; the observed orders are asserted (>= 1.5 and >= 1). The axi and 3D
#   variants have no judged decay rate (3D reports it in summary.json), so the period alone is drawn.
set output dir.'/convergence.png'
set title 'oscillating drop: period and decay-rate errors against resolution'
set xlabel 'cells across the drop (D/h)'
set ylabel 'relative error'
@loglog
stats dir.'/convergence.tsv' using 1 nooutput
x0 = STATS_min
stats dir.'/convergence.tsv' using 3 nooutput
y0 = STATS_max
y1 = y0 # (the axi variant has no decay column: its guide starts where the period's does)
d3 = strstrt(dir, '-3d') > 0
if (d3 || strstrt(dir, '-axi') > 0) { # the sphere: the period only
  plot dir.'/convergence.tsv' using 1:3 with linespoints ls 1 title 'period |T - T_{ref}|/T_{ref} (La = 10^5)', \
       y0 * (x0 / x)**2 ls 3 title 'slope -2'
} else {
  plot dir.'/convergence.tsv' using 1:3 with linespoints ls 1 title 'period |T - T_{ref}|/T_{ref} (La = 10^5)', \
       ''                     using 1:5 with linespoints lc rgb '#228b22' lw 2 pt 5 title 'decay rate |{/Symbol b} - {/Symbol b}_{ref}|/{/Symbol b}_{ref} (Oh = 0.03)', \
       y0 * (x0 / x)**2 ls 3 title 'slope -2', \
       y1 * (x0 / x) lc rgb '#a0a0a0' lw 1.5 dt 4 title 'slope -1'
}

# figure amplitude.png: The drop's mode amplitude against time at the finest resolution (3D: the
#   coarsest), with the exact linear theory of the release.
set output dir.'/amplitude.png'
set title 'oscillating drop: mode amplitude'.(d3 ? ' at the coarsest resolution' : ' at the finest resolution')
set key bottom left
set xlabel 't / (rho R^3/{/Symbol s})^{1/2}'
set ylabel 'a(t)'
unset logscale; set format x '%g'; set format y '%g'
# the sphere (-axi, -3d) runs the inviscid case only
if (d3 || strstrt(dir, '-axi') > 0) {
  plot dir.'/amplitude_inviscid.tsv' using 1:2 with lines ls 1 title 'measured, La = 10^5', \
       dir.'/reference_inviscid.tsv' using 1:2 with lines ls 2 title 'exact linear release, La = 10^5'
} else {
  plot dir.'/amplitude_inviscid.tsv' using 1:2 with lines ls 1 title 'measured, La = 10^5', \
       dir.'/reference_inviscid.tsv' using 1:2 with lines ls 2 title 'exact linear release, La = 10^5', \
       dir.'/amplitude_viscous.tsv'  using 1:2 with lines lc rgb '#228b22' lw 2 title 'measured, Oh = 0.03', \
       dir.'/reference_viscous.tsv'  using 1:2 with lines lc rgb '#ff8c00' lw 2 dt 2 title 'exact linear release, Oh = 0.03'
}
