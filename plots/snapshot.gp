# A snapshot of a level set, drawn from its data file (experiments/harness.h, exp_snapshot):
#   gnuplot -e "dir='DIR'; stem='STEM'; frames=N; times='t1 t2 ...'; mirror=0|1; axi=0|1; solid=0|1;
#               ref='LABEL'" plots/snapshot.gp
# draws DIR/STEM.png from DIR/STEM.dat (and DIR/STEM_ref.dat when ref is not empty).
# data: one block per frame, rows "x y phi [psi]" with a blank line after each row of the grid. Each
# frame is a panel, in a row (in a column for frames more than twice as wide as high): the liquid
# (phi < 0) shaded light blue and the solid (psi < 0, with solid = 1) grey, each region bounded by
# the bilinear zero level of its field (pm3d surfaces clipped at z = 0); phi's zero contour over the
# fluid as a curve and the solid's outline; the reference shapes (STEM_ref.dat: curves separated by
# blank lines) dashed, named LABEL in the key under the panels; axes in the experiment's length
# unit; the frame's time above it. mirror = 1 also draws each frame mirrored across x = 0 (the axis
# of an axisymmetric scene, or a symmetry plane).
load 'plots/style.gp'
data = dir.'/'.stem.'.dat'
has_ref = strlen(ref) > 0
refdata = has_ref ? dir.'/'.stem.'_ref.dat' : data
out = dir.'/'.stem.'.png'
set datafile commentschars "#"
unset grid

# the zero contours of every frame, into datablocks: $C<k> the interface over the fluid, $S<k> the
# solid's outline
set contour base
set cntrparam levels discrete 0
set cntrparam linear
unset surface
do for [k = 0:frames - 1] {
  eval sprintf('set table $C%d', k)
  splot data index k using 1:2:(solid && $4 < 0 ? NaN : $3) with lines
  unset table
  if (solid) {
    eval sprintf('set table $S%d', k)
    splot data index k using 1:2:4 with lines
    unset table
  }
}
unset contour
set surface explicit  # no mesh between blocks of equal length (curves, the parts of a solid)

stats data index 0 using 1:2 nooutput
xmin = mirror ? -STATS_max_x : STATS_min_x
xmax = STATS_max_x
ymin = STATS_min_y
ymax = STATS_max_y
hx = xmax - xmin
hy = ymax - ymin
# the panels in a row, 420 pixels for the longer side of a frame and at most 1600 pixels in all
# across; frames more than twice as wide as high are stacked in a column instead, 900 pixels wide
stack = frames > 1 && hx > 2 * hy
pw = stack ? 900 : (hx >= hy ? 420 : 420 * hx / hy)
ph = pw * hy / hx
if (!stack && frames * pw > 1600) { ph = ph * 1600 / (frames * pw); pw = 1600 / frames }
W = stack ? pw + 140 : frames * pw + 140
H = stack ? frames * (ph + 90) + 20 + 36 * has_ref : ph + 150 + 36 * has_ref
set terminal pngcairo size W, H enhanced font 'DejaVu Sans,11'
set output out

set view map
set size ratio -1
set xrange [xmin:xmax]
set yrange [ymin:ymax]
set zrange [-1e30:0]
set pm3d noborder clip z
unset colorbox
# tic steps of 1, 2 or 5 times a power of ten: about one tic per 70 pixels across, 45 up
nice(span, n) = (e = 10**floor(log10(span / n)), r = span / n / e, (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10) * e)
set xtics out nomirror nice(hx, pw / 70.0)
set ytics out nomirror nice(hy, ph / 45.0)
set border 15 front
set xlabel axi ? 'r' : 'x'
set ylabel axi ? 'z' : 'y'
set lmargin 9
set bmargin stack ? 3 : 4 + 2.5 * has_ref
set rmargin 2
LIQ = '#c6dcef'
SOL = '#a0a0a0'
IFC = '#0050a0'
REF = '#d62728'
# the key (with reference shapes) under the panels, clear of the scene
set key at screen 0.5, 40.0 / H center top vertical maxrows 2 nobox noopaque samplen 3 font ',10'
# one splot per panel, built clause by clause (an empty iteration would still draw its clause once)
sides = mirror ? 2 : 1
if (stack) { set multiplot layout frames, 1 } else { set multiplot layout 1, frames }
do for [k = 0:frames - 1] {
  set title sprintf('t = %s', word(times, k + 1))
  if (k > 0 && !stack) { unset ylabel; set format y '' } else { set format y '%g' }
  if (stack) { if (k < frames - 1) { unset xlabel } else { set xlabel axi ? 'r' : 'x' } }
  cmd = ''
  do for [m = 1:sides] {
    X = m == 1 ? '1' : '(-$1)'
    cmd = cmd.sprintf("%sdata index %d using %s:2:3 with pm3d fc rgb LIQ notitle", cmd eq '' ? '' : ', ', k, X)
    if (solid) {
      cmd = cmd.sprintf(", data index %d using %s:2:4 with pm3d fc rgb SOL notitle", k, X)
      cmd = cmd.sprintf(", $S%d using %s:2:(0) with lines lc rgb '#404040' lw 1 notitle", k, X)
    }
    cmd = cmd.sprintf(", $C%d using %s:2:(0) with lines lc rgb IFC lw 1.5 title '%s'", k, X, \
                      m == 1 && k == 0 && has_ref ? 'computed' : '')
    if (has_ref) {
      cmd = cmd.sprintf(", refdata using %s:2:(0) with lines lc rgb REF lw 2.5 dt (5, 5) title '%s'", X, \
                        m == 1 && k == 0 ? ref : '')
    }
  }
  eval 'splot '.cmd
}
unset multiplot
