# Figures of the rayleigh_plateau experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/rayleigh_plateau'" plots/rayleigh_plateau.gp
# figure pinch_*.png: The thread of the fastest mode from its release to the pinch-off, one period
#   of it mirrored across the axis (pinch_CELLS: the cells across its radius).
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# figure convergence.png: The growth-rate error against the cells across the thread's radius (its
#   observed order is asserted, >= 1).
set output dir.'/convergence.png'
set title 'Rayleigh-Plateau: growth-rate error against resolution'
set xlabel 'cells across the radius (R/h)'
set ylabel 'max over kR < 1 of |s - s_{Rayleigh}|/s_{Rayleigh}'
@loglog
stats dir.'/convergence.tsv' using 1 nooutput
x0 = STATS_min
stats dir.'/convergence.tsv' using 3 nooutput
y0 = STATS_max
plot dir.'/convergence.tsv' using 1:3 with linespoints ls 1 title 'growth-rate error', \
     y0 * (x0 / x)**2 ls 3 title 'slope -2', \
     y0 * (x0 / x) lc rgb '#a0a0a0' lw 1.5 dt 4 title 'slope -1'

# figure dispersion.png: Rayleigh's dispersion relation (and Weber's at the run's Ohnesorge number)
#   with the measured growth rates of every resolution.
set output dir.'/dispersion.png'
set title 'Rayleigh-Plateau: growth rate against kR'
set xlabel 'kR'
set ylabel 's (rho R^3/{/Symbol s})^{1/2}'
unset logscale; set format x '%g'; set format y '%g'
set key top left
files = system('ls '.dir.'/growth_*.tsv 2>/dev/null')
plot dir.'/dispersion.tsv' using 1:2 with lines ls 2 title 'Rayleigh (inviscid)', \
     dir.'/dispersion.tsv' using 1:3 with lines lc rgb '#ff8c00' lw 1.5 dt 3 title 'Weber (long waves, run Oh)', \
     for [f in files] f using 1:($1 < 1 ? $2 : 1/0) with points pt 7 ps 1.3 title 'measured, '.f[strstrt(f, 'growth_') + 7:strlen(f) - 4].' cells'


# figure neck.png: The neck radius against the time to the breakup, every resolution, with the
#   inviscid exponent 2/3 as a guide.
# the neck radius against the time to the breakup, every resolution (log-log), with the inviscid
# exponent 2/3 [eggers2008] as a guide through the finest run's r_min = 0.2 R point; the fitted
# exponent is reported by the experiment (neck_exponent), not asserted
set output dir.'/neck.png'
set title 'Rayleigh-Plateau pinch-off: the neck radius before the breakup'
set xlabel 't_b - t  (rho R^3/{/Symbol s})^{1/2}'
set ylabel 'r_{min} / R'
@loglog
set key bottom right
necks = system('ls -v '.dir.'/neck_*.tsv 2>/dev/null')
n_neck = words(necks)
do for [k = 1:n_neck] {
  stats word(necks, k) using 1 nooutput
  eval sprintf('tb%d = %.15g', k, STATS_max)
}
# the guide: through the point of the finest run where r_min first falls below 0.2 R
stats word(necks, n_neck) using (value(sprintf('tb%d', n_neck)) - $1):($2 > 0.2 ? $1 : 1/0) nooutput
t_anchor = value(sprintf('tb%d', n_neck)) - STATS_max_y
plot for [k = 1:n_neck] word(necks, k) using (value(sprintf('tb%d', k)) - $1):($2 > 0 ? $2 : 1/0) with lines lw 2 \
       title 'R = '.word(necks, k)[strstrt(word(necks, k), 'neck_') + 5:strlen(word(necks, k)) - 4].' cells', \
     (x < 3 ? 0.2 * (x / t_anchor)**(2.0 / 3) : 1/0) ls 3 title 'slope 2/3 (inviscid)'
