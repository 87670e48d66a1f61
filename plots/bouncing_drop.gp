# Figures of the bouncing-drop experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/bouncing_drop-axi'" plots/bouncing_drop.gp
# Units: rho = sigma = R = 1 (time sqrt(rho R^3 / sigma)); one curve per resolution (cases_<cells>.tsv).
# figure shapes_*.png: The drop of the first listed Weber number in [2, 20] (shapes_CELLS_weWE): at the
#   start, at the touch, at its widest spread on the floor, at the lift-off and at the end of the run,
#   each frame mirrored about the axis (axi) or the symmetry plane (planar).
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead
files = system('ls '.dir.'/cases_*.tsv 2>/dev/null | sort -V')
cells(f) = f[strstrt(f, 'cases_') + 6:strlen(f) - 4]
axi = strstrt(dir, '-axi') > 0
stats word(files, 1) using 1 nooutput
we_lo = STATS_min / 1.5
we_hi = STATS_max * 1.5

# figure tau.png: The contact time, from the touch to the lift-off, against the impact Weber number, at
#   every resolution; the line is 2.6 sqrt(rho R^3 / sigma), the value Richard, Clanet & Quere (2002)
#   measured on a super-hydrophobic solid (3D drops: the planar variant's cylinder has no published value).
set output dir.'/tau.png'
set title (axi ? 'Bouncing drop: contact time' : 'Bouncing cylinder (planar): contact time')
set xlabel 'We = {/Symbol r}U^2R/{/Symbol s}'
set ylabel '{/Symbol t} / ({/Symbol r}R^3/{/Symbol s})^{1/2}'
set logscale x
set format x '%g'
set xrange [we_lo:we_hi]
set key top right
plot for [f in files] f using 1:2 with linespoints lw 2 pt 7 title cells(f).' cells', \
     2.6 ls 2 title '2.6 (Richard et al. 2002)'

# figure restitution.png: The restitution coefficient, the centroid's rebound speed over its impact
#   speed, against the Weber number, at every resolution.
set output dir.'/restitution.png'
set title 'Bouncing drop: restitution coefficient'
set ylabel 'e = U_{out} / U_{in}'
set yrange [0:1]
plot for [f in files] f using 1:4 with linespoints lw 2 pt 7 title cells(f).' cells'
unset yrange

# figure spread.png: The largest wetted radius on the floor (filled) and the largest radius of the drop
#   while in contact (open) against the Weber number, at every resolution.
set output dir.'/spread.png'
set title 'Bouncing drop: largest spreading'
set ylabel 'radius / R'
set key top left
plot for [f in files] f using 1:5 with linespoints lw 2 pt 7 title 'wetted, '.cells(f).' cells', \
     for [f in files] f using 1:6 with linespoints lw 2 dt 2 pt 6 title 'widest, '.cells(f).' cells'
unset logscale x
set xrange [*:*]

# figure period.png: The period of the n = 2 shape oscillation in flight, relative to Rayleigh's with
#   Lamb's damping, against half the range of the n = 2 amplitude a2 in flight, every drop at every
#   resolution. The period is judged (within 2 %) left of the line a2 = 0.1, where the oscillation is
#   close to linear; the shift grows with the square of the amplitude (Zrnic & Brenn 2021).
set output dir.'/period.png'
set title 'Bouncing drop: period of the shape oscillation in flight'
set xlabel 'a_2 (half its range in flight)'
set ylabel 'T / T_{ref} - 1 (%)'
set key top left
set arrow 1 from 0.1, graph 0 to 0.1, graph 1 nohead ls 3
plot for [f in files] f using 8:(100 * $7) with points pt 7 ps 1.3 title cells(f).' cells', \
     2 ls 2 title '{/Symbol \261}2 %', -2 ls 2 notitle
unset arrow 1

# figure convergence.png: The contact time of the reference drop (the first listed Weber number in
#   [2, 20]) against the resolution: its distance from the value extrapolated from the last three levels
#   (tau_extrapolated in summary.json, the model tau_inf + C h^p), with slope guides. Axisymmetric drop
#   only: the cylinder's contact time is reported, not judged.
tinf = system('sed -n "s/^ *\"tau_extrapolated\": \([-0-9.eE+]*\).*/\1/p" '.dir.'/summary.json')
if (axi && strlen(tinf) > 0) {
  set output dir.'/convergence.png'
  set title 'Bouncing drop: convergence of the contact time'
  set xlabel 'cells across the radius'
  set ylabel '|{/Symbol t} - {/Symbol t}_{extrapolated}|'
  set key top right
  tinf = real(tinf)
  stats dir.'/convergence.tsv' using 1 nooutput
  x0 = STATS_min
  stats dir.'/convergence.tsv' using (abs($3 - tinf)) nooutput
  y0 = STATS_max
  @loglog
  plot dir.'/convergence.tsv' using 1:(abs($3 - tinf) > 0 ? abs($3 - tinf) : 1/0) with linespoints ls 1 \
         title '{/Symbol t}, reference drop', \
       y0 * (x0 / x) ls 3 title 'slope -1', \
       y0 * (x0 / x)**2 lc rgb '#a0a0a0' lw 1.5 dt 4 title 'slope -2'
}
