# Figures of the cheerios experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/cheerios'" plots/cheerios.gp
# figure pair_*.png: Two floating cylinders held at a separation at the end of the run, half the
#   scene drawn (the left side is the symmetry plane between them; pair_CELLS_SEPARATION), with the
#   exact inner and outer menisci dashed.
# figure released_*.png: The released pair at the end of the run (released_CELLS_SEPARATION).
# figure unlike_*.png: The unlike pair at the end of the run (unlike_CELLS_SEPARATION), with the
#   exact outer menisci dashed (the library gives no shape for the inner one).
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# figure convergence.png: The errors of the attraction at separations of 2 and 3 capillary lengths (its
#   observed order is asserted by the default run) and of the meniscus height midway between the
#   bodies, against the cells across a body's radius.
set output dir.'/convergence.png'
set title 'Cheerios: errors against resolution'
set xlabel 'cells across the radius (R/h)'
set ylabel 'relative error'
@loglog
stats dir.'/convergence.tsv' using 1 nooutput
x0 = STATS_min
set xrange [STATS_min / 1.5 : STATS_max * 1.5]
set key bottom left
stats dir.'/convergence.tsv' using 3 nooutput
y0 = STATS_max
plot dir.'/convergence.tsv' using 1:3 with linespoints ls 1 title 'attraction |F - F_{ref}|/F_{ref}, l = 2, 3 l_c', \
     ''                     using 1:5 with linespoints lc rgb '#228b22' lw 2 pt 5 title 'midpoint height z_m, l = 2, 3 l_c', \
     y0 * (x0 / x) ls 3 title 'slope -1 (the force error: order >= 1 asserted by the default run)'

# figure force.png: The horizontal attraction between the two floating cylinders against their
#   separation at the finest resolution (points), over the exact statics (line).
set autoscale x
set offsets graph 0.05, graph 0.05, 0, 0
set output dir.'/force.png'

set xlabel 'centre separation l / l_c'
set ylabel 'F / {/Symbol s}'
set logscale y; unset logscale x; set format x '%g'; set format y '10^{%L}'
finest = system('ls '.dir.'/pairs_*.tsv | sed "s/.*pairs_//; s/.tsv//" | sort -g | tail -n 1')
pairs = dir.'/pairs_'.finest.'.tsv'
bond = system('grep -o "bond=[0-9.e+-]*" '.pairs.' | head -n 1 | cut -d= -f2')
set title 'Cheerios: attraction per unit length of two floating cylinders (Bo = '.bond.', D = 3, 120 deg)'
set key top right
plot pairs using 1:3 with linespoints ls 2 title 'exact 2D statics in the box, {/Symbol r} g (z_m^2 - z_w^2)/2', \
     pairs using 1:12 with lines ls 3 title 'open bath, {/Symbol r} g z_m^2/2', \
     pairs using 1:2:11 with yerrorbars ls 1 title 'on the cylinder (static limit, rms about the fit, last 15), R/h = '.finest, \
     pairs using 1:10 with points pt 6 ps 1.5 lc rgb '#228b22' title 'the liquid''s momentum balance'
set offsets 0, 0, 0, 0

# figure released.png: The released pair: their separation against time (not in the quick sweep).
rel = system('ls '.dir.'/history_released_*.tsv 2>/dev/null')
rlab(f) = system('echo '.f.' | sed "s/.*history_released_//; s/_.*//; s/$/ cells across R/"')
if (strlen(rel) > 0) {
  set output dir.'/released.png'
  set title 'Cheerios: a pair released at l = 2 l_c'
  set xlabel 't / (l_c/g)^{1/2}'
  set ylabel 'separation l / l_c'
  unset logscale; set format y '%g'
  plot for [f in rel] f using 1:(2 * $2) with lines lw 2 title rlab(f) noenhanced
}

# figure repel.png: The unlike pair (a heavy hydrophobic a, a light hydrophilic b): the horizontal
#   force on each against time at the finest resolution, with the exact statics' +-F_ref (a pushed
#   to -x, b to +x: repulsion).
un = system('ls '.dir.'/unlike_*.tsv 2>/dev/null | sed "s/.*unlike_//; s/.tsv//" | sort -g | tail -n 1')
if (strlen(un) > 0) {
  set output dir.'/repel.png'
  set title 'Cheerios (c): heavy hydrophobic a (D = 3, 120 deg) and light hydrophilic b (D = 0.25, 75 deg)'
  set xlabel 't / (l_c/g)^{1/2}'
  set ylabel 'horizontal force F_x / {/Symbol s}'
  unset logscale; set format x '%g'; set format y '%g'
  ut = dir.'/unlike_'.un.'.tsv'
  stats ut using 1 nooutput
  l0 = STATS_min
  stats ut using 4 nooutput
  fref = STATS_min
  hist = dir.'/history_unlike_'.un.'_'.sprintf('%g', l0).'.tsv'
  set yrange [-4 * abs(fref):4 * abs(fref)]
  set key bottom right
  plot hist using 1:6 with lines lw 2 lc rgb '#1f77b4' title 'on a (cap\_force), R/h = '.un.', l = '.sprintf('%g', l0).' l_c', \
       hist using 1:7 with lines lw 2 lc rgb '#d62728' title 'on b', \
       fref with lines dt 2 lw 2 lc rgb '#1f77b4' title 'exact 2D statics on a, F = C - {/Symbol s}', \
       -fref with lines dt 2 lw 2 lc rgb '#d62728' title 'exact on b, -F', \
       0 with lines lc rgb 'black' notitle
  set autoscale y
}
