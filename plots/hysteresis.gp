# Figures of the hysteresis experiment. Called by the harness as:
#   gnuplot -e "dir='OUT/hysteresis'" plots/hysteresis.gp
# figure slide_*.png: The drop on the wall tilted at 1.5 times the reference critical tilt (the wall
#   drawn level, gravity tilted): at the start, as it has moved by a third and two thirds of R0,
#   and at the end of the run (slide_CELLS_RECEDING_ADVANCING, the angles in degrees).
load 'plots/style.gp'
set datafile separator "\t"
set datafile commentschars "#"
set key autotitle columnhead

# figure tilt.png: Every run of the bisections: the tilt in units of the reference critical tilt
#   against the case, filled where the drop slid, open where it held; the reference is the line at 1.
set output dir.'/tilt.png'
set title 'Hysteresis: runs of the bisection (filled: slides, open: holds)'
set xlabel '{/Symbol a} / {/Symbol a}_{c,ref}'
set ylabel '{/Symbol q}_r (degrees), {/Symbol q}_a = 90'
set yrange [15:75]
set ytics 15
set key top left
files = system('ls '.dir.'/runs_*.tsv 2>/dev/null')
set arrow 1 from 1, graph 0 to 1, graph 1 nohead ls 2
plot for [f in files] f using 4:($5 > 0 ? $1 + 2 * (strstrt(f, '_16') > 0) : 1/0) with points pt 7 ps 1.3 \
       title 'slides, '.f[strstrt(f, 'runs_') + 5:strlen(f) - 4].' cells', \
     for [f in files] f using 4:($5 > 0 ? 1/0 : $1 + 2 * (strstrt(f, '_16') > 0)) with points pt 6 ps 1.3 \
       title 'holds, '.f[strstrt(f, 'runs_') + 5:strlen(f) - 4].' cells'
unset arrow 1
unset yrange
set ytics autofreq

# figure slide.png: The sliding drop (tilt 1.5 times the reference) at the finest resolution: the
#   actual angles at its rear and front against time, with the receding and advancing angles.
set output dir.'/slide.png'
set title 'Hysteresis: actual contact angles of a sliding drop'
set xlabel 't / (rho R_0^3/{/Symbol s})^{1/2}'
set ylabel 'angle (degrees)'
set key bottom right
finest = system('ls '.dir.'/slide_*.tsv | sed "s/.*slide_//; s/_.*//" | sort -g | tail -n 1')
slides = system('ls '.dir.'/slide_'.finest.'_*.tsv 2>/dev/null')
# a file slide_<cells>_<theta_r>_<theta_a>.tsv: its label is "(theta_r, theta_a)"
lab(f) = system('echo '.f.' | sed "s/.*slide_[^_]*_//; s/.tsv//; s/_/, /"')
plot for [f in slides] f using 1:4 with lines lw 2 title 'rear, ('.lab(f).')' noenhanced, \
     for [f in slides] f using 1:5 with lines lw 2 dt 2 title 'front, ('.lab(f).')' noenhanced, \
     90 ls 3 title '{/Symbol q}_a', 60 ls 3 notitle, 30 ls 3 title '{/Symbol q}_r'
