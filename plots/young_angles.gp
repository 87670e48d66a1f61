# Figures of the young_angles experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/young_angles'" plots/young_angles.gp
# figure drop_*.png: A drop at rest at the end of the run, at the finest resolution (drop_0_ANGLE on
#   the floor without gravity, drop_g_ANGLE with gravity, drop_plane_ANGLE on the tilted plane,
#   drop_disc_ANGLE on the circular solid; the static angle in degrees), with its reference shape
#   dashed: the circular cap meeting the solid at the static angle, or the Young-Laplace drop.
# figure surface_*.png: The 3D drop (--geometry 3d) at rest at the end of the run, at the finest
#   resolution (surface_0_ANGLE without gravity, surface_g_ANGLE with gravity; the static angle in
#   degrees): its surface phi = 0 shaded (cap_io_png_surface), the quarter computed mirrored to the whole.
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# figure convergence.png: The angle error (its observed order is asserted, >= 1), the radius error
#   and the area drift against the cells across the drop's radius.
set output dir.'/convergence.png'
set title 'Young angles: errors against resolution'
set xlabel 'cells across the initial half-disc radius (R_0/h)'
set ylabel 'error'
@loglog
stats dir.'/convergence.tsv' using 1 nooutput
x0 = STATS_min
stats dir.'/convergence.tsv' using 3 nooutput
y0 = STATS_max
plot dir.'/convergence.tsv' using 1:3 with linespoints ls 1 title 'angle error (degrees)', \
     ''                     using 1:5 with linespoints lc rgb '#228b22' lw 2 pt 5 title 'cap radius |R - R_{ref}|/R_{ref}', \
     ''                     using 1:6 with linespoints lc rgb '#8b008b' lw 2 pt 9 title 'area drift', \
     ''                     using 1:8 with linespoints lc rgb '#ff8c00' lw 2 pt 11 title 'gravity: apex height', \
     ''                     using 1:9 with linespoints lc rgb '#8b4513' lw 2 pt 13 title 'gravity: half-width', \
     y0 * (x0 / x) ls 3 title 'slope -1 (the angle error: order >= 1 asserted)'

# figure angles.png: The measured angle's error against the static angle, one curve per resolution.
set output dir.'/angles.png'
set title 'Young angles: equilibrium angle error (circle fit)'
set xlabel '{/Symbol q}_s (degrees)'
set ylabel '{/Symbol q}_{fit} - {/Symbol q}_s (degrees)'
unset logscale; set format x '%g'; set format y '%g'
set xrange [0:180]
set xtics 20
set key bottom left
files = system('ls '.dir.'/angles_*.tsv 2>/dev/null')
plot for [f in files] f using 1:($2 - $1) with linespoints lw 2 pt 7 title 'R_0 = '.f[strstrt(f, 'angles_') + 7:strlen(f) - 4].' cells', \
     1 ls 3 title 'limit (1 degree)', -1 ls 3 notitle
unset xrange
set xtics autofreq

# figure profiles.png: The drops' shapes at rest at the finest resolution (points) against the
#   analytic shapes (lines).
set output dir.'/profiles.png'
set title 'Young angles: drops at rest (points) on the circular caps / Young-Laplace drops (lines)'
set xlabel 'x / R_0'
set ylabel 'y / R_0'
set size ratio -1
set key off
finest = system('ls '.dir.'/angles_*.tsv | sed "s/.*angles_//; s/.tsv//" | sort -g | tail -n 1')
profs = system('ls '.dir.'/profile_'.finest.'_*.tsv 2>/dev/null')
plot for [f in profs] f using ($3 == 0 ? $1 : 1/0):2 with points pt 7 ps 0.4 lc rgb '#0060ad', \
     for [f in profs] f using ($3 == 1 ? $1 : 1/0):2 with lines ls 2

# figure solids.png: Solids inside the domain: the angle on a plane tilted 30 degrees to the grid
#   against the angle on the wall of the box, and on a circular solid against the static angle.
# solids inside the domain: the angle on the plane tilted 30 degrees to the grid against the angle
# on the wall of the box (the issue's limit: 1 degree), and on the circular solid against theta_s
sols = system('ls '.dir.'/solids_*.tsv 2>/dev/null')
if (strlen(sols) > 0) {
  set output dir.'/solids.png'
  set title 'Young angles on solids inside the domain'
  set size noratio
  set xlabel '{/Symbol q}_s (degrees)'
  set ylabel '{/Symbol q}_{fit} - {/Symbol q}_s (degrees)'
  set xrange [0:180]
  set xtics 30
  set key top left
  plot for [f in sols] f using ($1 == 0 ? $2 : 1/0):($3 - $2) with linespoints lw 2 pt 7 \
         title 'plane tilted 30 deg, R_0 = '.f[strstrt(f, 'solids_') + 7:strlen(f) - 4].' cells', \
       for [f in sols] f using ($1 == 0 ? $2 : 1/0):($4 - $2) with linespoints lw 1 dt 2 pt 6 \
         title 'wall of the box, R_0 = '.f[strstrt(f, 'solids_') + 7:strlen(f) - 4].' cells', \
       for [f in sols] f using ($1 == 1 ? $2 : 1/0):($3 - $2) with linespoints lw 2 pt 5 \
         title 'circular solid (R_s = R_0), R_0 = '.f[strstrt(f, 'solids_') + 7:strlen(f) - 4].' cells', \
       1 ls 3 title 'limit', -1 ls 3 notitle
}
