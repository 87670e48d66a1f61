# A snapshot of a level set, drawn from its data file (experiments/harness.h, exp_snapshot):
#   gnuplot -e "dir='DIR'; stem='STEM'; frames=N; times='t1 t2 ...'; mirror=0|1; axi=0|1" plots/snapshot.gp
# draws DIR/STEM.png from DIR/STEM.dat.
# data: one block per frame, rows "x y phi solid" with a blank line after each row of the grid. Each
# frame is a panel, in a row: the liquid cells (phi < 0) shaded, the solid cells grey, phi's zero
# contour over the fluid cells as a curve (linear interpolation between cell centres), axes in the
# experiment's length unit, the frame's time above it. mirror = 1 also draws each frame mirrored
# across x = 0 (the axis of an axisymmetric scene, or a symmetry plane).
load 'plots/style.gp'
data = dir.'/'.stem.'.dat'
out = dir.'/'.stem.'.png'
set datafile commentschars "#"
unset key
unset grid
set tics out nomirror

# the zero contour of every frame, into datablocks $C0, $C1, ...
set contour base
set cntrparam levels discrete 0
set cntrparam linear
unset surface
do for [k = 0:frames - 1] {
  eval sprintf('set table $C%d', k)
  splot data index k using 1:2:($4 > 0 ? NaN : $3) with lines
  unset table
}
unset contour

stats data index 0 using 1:2 nooutput
xmin = mirror ? -STATS_max_x : STATS_min_x
xmax = STATS_max_x
ymin = STATS_min_y
ymax = STATS_max_y
hx = xmax - xmin
hy = ymax - ymin
# panel size: 420 pixels for the longer side of a frame, at most 1600 pixels in all across
pw = hx >= hy ? 420 : 420 * hx / hy
ph = hx >= hy ? 420 * hy / hx : 420
if (frames * pw > 1600) { ph = ph * 1600 / (frames * pw); pw = 1600 / frames }
set terminal pngcairo size (frames * pw + 140), (ph + 130) enhanced font 'DejaVu Sans,11'
set output out

# the liquid cells (phi < 0) shaded, the solid cells grey, under phi's zero contour
set palette defined (0 'white', 1 '#c6dcef', 2 '#9a9a9a')
set cbrange [0:2]
unset colorbox
set size ratio -1
set xrange [xmin:xmax]
set yrange [ymin:ymax]
set xlabel axi ? 'r' : 'x'
set ylabel axi ? 'z' : 'y'
shade(phi, solid) = solid > 0 ? 2 : (phi < 0 ? 1 : 0)
set lmargin 7
set rmargin 2
set multiplot layout 1, frames
do for [k = 0:frames - 1] {
  set title sprintf('t = %s', word(times, k + 1))
  C = sprintf('$C%d', k)
  if (k > 0) { unset ylabel; set format y '' } else { set format y '%g' }
  if (mirror) {
    plot data index k using 1:2:(shade($3, $4)) with image pixels, \
         data index k using (-$1):2:(shade($3, $4)) with image pixels, \
         C using 1:2 with lines lc rgb '#0050a0' lw 2, \
         C using (-$1):2 with lines lc rgb '#0050a0' lw 2
  } else {
    plot data index k using 1:2:(shade($3, $4)) with image pixels, \
         C using 1:2 with lines lc rgb '#0050a0' lw 2
  }
}
unset multiplot
