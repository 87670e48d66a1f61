# Figures of the rayleigh_plateau experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/rayleigh_plateau'" plots/rayleigh_plateau.gp
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# convergence of the growth-rate error (its observed order is asserted by the experiment, >= 1)
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

# the dispersion curve with the measured growth rates of every resolution
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

