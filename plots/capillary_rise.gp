# Figures of the capillary_rise experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/capillary_rise'" plots/capillary_rise.gp
# figure rise_*.png: The liquid at rest between the plates and outside them at the end of the run,
#   at the finest resolution, with the exact static menisci dashed (rise_ANGLE_GAP: the contact
#   angle in degrees and the gap).
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# figure convergence.png: The errors of the lifted area (its observed order is asserted, >= 1), of the
#   heights on the mid-plane and at the wall and of the profile, against the cells across the gap.
set output dir.'/convergence.png'
set title 'Capillary rise: errors against resolution (max over the cases)'
set xlabel 'cells across the gap (d/h)'
set ylabel 'error'
@loglog
stats dir.'/convergence.tsv' using 1 nooutput
x0 = STATS_min
stats dir.'/convergence.tsv' using 3 nooutput
y0 = STATS_max
plot dir.'/convergence.tsv' using 1:3 with linespoints ls 1 title 'lifted area |A - A_{ref}|/A_{ref}', \
     ''                     using 1:4 with linespoints lc rgb '#228b22' lw 2 pt 5 title 'centre height h_0', \
     ''                     using 1:5 with linespoints lc rgb '#8b008b' lw 2 pt 9 title 'wall height h_w', \
     ''                     using 1:6 with linespoints lc rgb '#ff8c00' lw 2 pt 11 title 'profile max|z - z_{ref}| / l_c', \
     y0 * (x0 / x) ls 3 title 'slope -1 (the area error: order >= 1 asserted)'

# figure profiles.png: The menisci at rest at the finest resolution (points) over the exact static
#   menisci (lines), x from the mid-plane, z above the level of zero pressure.
set output dir.'/profiles.png'
set title 'Capillary rise: the meniscus in the gap at rest (points) and the exact one (lines)'
set xlabel 'x / d (0: mid-plane, 0.5: plate)'
set ylabel 'z / l_c'
unset logscale; set format x '%g'; set format y '%g'
set key outside right
finest = system('ls '.dir.'/profile_*.tsv | sed "s/.*profile_//; s/_.*//" | sort -g | tail -n 1')
files = system('ls '.dir.'/profile_'.finest.'_*.tsv 2>/dev/null')
# profile_<cells>_<theta>_<gap>.tsv: label "theta, d"
lab(f) = system('echo '.f.' | sed "s/.*profile_[^_]*_//; s/.tsv//; s/_/ deg, d = /"')
gap(f) = real(system('echo '.f.' | sed "s/.*_//; s/.tsv//"'))
exact(f) = system('echo '.f.' | sed "s/profile_[^_]*_/exact_/"')
plot for [f in files] f using ($1 / gap(f)):2 with points pt 7 ps 1.2 title lab(f).' l_c' noenhanced, \
     for [f in files] exact(f) using ($1 / gap(f)):2 with lines ls 2 notitle

# figure history.png: The rise: the height of the liquid on the mid-plane above the floor against
#   time, at the finest resolution.
set output dir.'/history.png'
set title 'Capillary rise: height of the meniscus on the mid-plane'
set xlabel 't / (l_c/g)^{1/2}'
set ylabel 'height above the floor / l_c'
hist = system('ls '.dir.'/history_'.finest.'_*.tsv 2>/dev/null')
hlab(f) = system('echo '.f.' | sed "s/.*history_[^_]*_//; s/.tsv//; s/_/ deg, d = /"')
plot for [f in hist] f using 1:2 with lines lw 2 title hlab(f).' l_c' noenhanced
