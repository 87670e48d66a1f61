# Figures of the static_drop experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/static_drop'" plots/static_drop.gp
# figure drop.png: The drop at rest at the end of the run to the viscous time at the Laplace number
#   --la, over Laplace's circle of radius R (dashed), at the resolution of the long runs.
# figure slice.png: The 3D drop (--geometry 3d) at the end of the run to the viscous time: phi on the
#   plane of cells next to the symmetry plane z = 0 of the octant (blue the liquid, red the void, the
#   interface's cells black), the sphere's centre at the lower left corner.
# figure surface.png: The 3D drop (--geometry 3d) at the end of the run to the viscous time, its surface
#   phi = 0 shaded (ray-marched through the trilinear interpolant of phi, cap_io_png_surface), the
#   octant computed mirrored across its three symmetry planes to the whole sphere, in its box of side 2D.
# figure speed.png: The speed of the spurious currents in the drop at the end of the run to the
#   viscous time at the Laplace number --la (a map of the liquid cells), with the interface.
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# figure convergence.png: The drop's pressure-jump, curvature and shape errors against the cells across
#   the drop, with a second-order guide.
set output dir.'/convergence.png'
set title 'static drop: errors against resolution'
set xlabel 'cells across the drop (D/h)'
set ylabel 'relative error'
@loglog
stats dir.'/convergence.tsv' using 1 nooutput
x0 = STATS_min
stats dir.'/convergence.tsv' using 4 nooutput
y0 = STATS_max
plot dir.'/convergence.tsv' using 1:3 with linespoints ls 1 title 'pressure jump |dp - {/Symbol s}/R|/({/Symbol s}/R)', \
     ''                     using 1:4 with linespoints lc rgb '#228b22' lw 2 pt 5 title 'curvature max|{/Symbol k} - 1/R| R', \
     ''                     using 1:5 with linespoints lc rgb '#8b008b' lw 2 pt 9 title 'shape max|r - R|/R', \
     y0 * (x0 / x)**2 ls 3 title 'slope -2'

# figure velocity.png: The largest spurious velocity of the drop at rest against time, one curve per
#   Laplace number, at the finest resolution.
set output dir.'/velocity.png'
set title 'static drop: spurious velocity (drop at rest)'
set xlabel 't / (rho D^3/sigma)^{1/2}'
set ylabel 'U (D/{/Symbol s})^{1/2}'
unset logscale; set logscale y; set format y '10^{%L}'; set format x '%g'
files = system('ls '.dir.'/velocity_La*.tsv 2>/dev/null')
plot for [f in files] f using 1:2 with lines lw 2 title f[strstrt(f, 'La'):strlen(f) - 4]

# the map of the final state's speed (fields.dat: x y phi speed p), the liquid cells only, with the
# interface (the pressure is in fields.dat and final.vti)
if (system('test -f '.dir.'/fields.dat && echo 1') eq '1') {
  axi = strstrt(dir, '-axi') > 0
  set key noautotitle
  set datafile separator whitespace
  unset logscale
  set format x '%g'
  set format y '%g'
  set contour base
  set cntrparam levels discrete 0
  set cntrparam linear
  unset surface
  set table $IFC
  splot dir.'/fields.dat' using 1:2:3 with lines
  unset table
  unset contour
  set surface
  unset grid
  stats dir.'/fields.dat' using 1:2 nooutput
  set xrange [STATS_min_x:STATS_max_x]
  set yrange [STATS_min_y:STATS_max_y]
  set size ratio -1
  set xlabel axi ? 'r / D' : 'x / D'
  set ylabel axi ? 'z / D' : 'y / D'
  set xtics 0.5
  set palette defined (0 '#ffffff', 1 '#fde0a0', 2 '#f08030', 3 '#a01010')
  set colorbox
  set key top right opaque
  set output dir.'/speed.png'
  set title 'static drop at rest: speed of the spurious currents, U (D/{/Symbol s})^{1/2}'
  plot dir.'/fields.dat' using 1:2:($3 < 0 ? $4 : NaN) with image notitle, \
       $IFC using 1:2 with lines lc rgb '#000000' lw 1.5 title 'interface'
}
