#!/usr/bin/env python3
"""Builds the report's generated parts from the experiments' own outputs.

    python3 paper/summary.py OUT_DIR PAPER_BUILD_DIR

Reads OUT_DIR/<name>.status (the exit status), OUT_DIR/<name>/summary.json and convergence.tsv for
every experiment that ran, and writes into PAPER_BUILD_DIR:
  summary.md       the Markdown summary: a table of every run, then one section per claim
  front.tex        the report's front-page table: every run, its verdict, headline error and order,
                   the check nearest its limit, its wall time
  claims.tex       one section per claim in the order of paper/claims.tsv (the papers' order): the
                   seed figures it reproduces (paper/seed_figures.tsv), then one subsection per run,
                   with its checks, its errors against resolution, its envelope (when make envelope
                   sampled it: out-envelope beside OUT_DIR, out-envelope-quick beside out-quick;
                   experiments/envelope.h) and its figures
Every figure's caption says what it shows (the '# figure GLOB: text' lines of plots/<experiment>.gp,
for the snapshots too), the resolution (a snapshot's grid and times, else the sweep's resolutions) and
the parameters. A figure without a caption line is an error (exit status 3), as is a seed figure whose
run or image is missing from a run that finished.
  basilisk.tex     capillab beside Basilisk: each benchmark both codes run, Basilisk's figures
                   (data/ref/basilisk.tsv, transcribed) next to capillab's, read from its runs' outputs
                   (the same table ends summary.md)
  provenance.tex   commit, date, machine, compiler, wall time of each experiment
A claim whose experiment failed or did not finish is shown as failing, never dropped.
"""
import datetime
import fnmatch
import json
import os
import re
import platform
import subprocess
import sys


def fmt(v):
    if v is None:
        return "n/a"
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def tex(s):
    out = []
    for ch in str(s):
        out.append({"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
                    "^": r"\^{}", "_": r"\_", "%": r"\%", "~": r"\~{}", "|": r"\textbar{}", "<": r"\textless{}",
                    ">": r"\textgreater{}"}.get(ch, ch))
    return "".join(out)


def md(s):
    return str(s).replace("|", "\\|")


LE, GE, BOLD_FAIL, ENDROW = r"$\le$", r"$\ge$", r"\textbf{FAIL}", r"\\"
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the repository


def read_tsv(path):
    header, rows = None, []
    if not os.path.exists(path):
        return header, rows
    for line in open(path):
        if line.startswith("#"):
            continue
        cells = line.rstrip("\n").split("\t")
        if header is None:
            header = cells
        else:
            rows.append(cells)
    return header, rows


def natural(name):
    """Sort key: the digits of a name compared as numbers (pinch_8 before pinch_16)."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def plot_captions(top, name):
    """[(glob, caption)] from the '# figure GLOB: text' lines of plots/<experiment>.gp (a variant NAME-axi
    reads its experiment's script); a caption continues on the comment lines indented by three spaces."""
    path = os.path.join(top, "plots", name.split("-")[0] + ".gp")
    caps, cur = [], None
    for line in open(path) if os.path.exists(path) else []:
        m = re.match(r"# figure (\S+): (.*)", line)
        if m:
            cur = [m.group(1), m.group(2).strip()]
            caps.append(cur)
        elif cur is not None and line.startswith("#   "):
            cur[1] += " " + line[4:].strip()
        else:
            cur = None
    return [tuple(c) for c in caps]


def caption_of(caps, f):
    for glob, text in caps:
        if fnmatch.fnmatch(f, glob):
            return text
    return None


def snapshot_header(path):
    """(grid text, times) from a snapshot's data file <stem>.dat, or None."""
    if not os.path.exists(path):
        return None
    grid, times = None, None
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                break
            if line.startswith("# grid: "):
                grid = line[len("# grid: "):].strip()
            elif line.startswith("# times:"):
                times = line[len("# times:"):].split()
    return (grid, times) if grid else None


def resolution_note(out_dir, name, f, s):
    """What resolution a figure shows: a snapshot's grid and times (its <stem>.dat), else the sweep's."""
    snap = snapshot_header(os.path.join(out_dir, name, f[:-len(".png")] + ".dat"))
    if snap:
        grid, times = snap
        t = ", ".join(f"{float(x):.4g}" for x in times or [])
        return f"Grid {grid}" + (f"; t = {t}" if t else "") + "."
    levels = ", ".join(fmt(v) for v in (s or {}).get("levels", []))
    return f"Resolutions of the {(s or {}).get('mode', '')} sweep: {levels} cells across the feature."


def figure_caption(out_dir, name, f, s, caps):
    """The LaTeX caption of figure f of run name: what it shows, the resolution, the parameters; None
    without a caption line."""
    text = caption_of(caps, f)
    if text is None:
        return None
    params = (s or {}).get("parameters", "")
    return (rf"\texttt{{{tex(name)}}}: {tex(text)} {tex(resolution_note(out_dir, name, f, s))} "
            rf"Parameters: \texttt{{{tex(params)}}}.")


def read_rows(path, names, what):
    """The rows of a hand-written table (tab-separated, '#' comments and blank lines skipped) as dicts
    keyed by names; ValueError naming the file and the line for a row of another length."""
    rows = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) != len(names):
            raise ValueError(f"{path}: {what} needs {len(names)} tab-separated fields, not {len(f)}: {line.strip()}")
        rows.append(dict(zip(names, f)))
    return rows


def load_seed_figures(path):
    """The seed figures the report reproduces (paper/seed_figures.tsv): dicts with figure, cite, section,
    run, images (the lab's figures: GLOB for every match, GLOB@last for the last in natural order),
    paper (what the seed figure shows or claims), lab (what the lab's figure shows)."""
    return read_rows(path, ("figure", "cite", "section", "run", "images", "paper", "lab"), "a seed figure")


def seed_images(out_dir, fig):
    """The files of the lab's figure for a seed figure, in its run's folder, in order."""
    folder = os.path.join(out_dir, fig["run"])
    files = sorted((f for f in os.listdir(folder) if f.endswith(".png")), key=natural) if os.path.isdir(folder) else []
    out = []
    for pat in fig["images"].split(","):
        glob, last = (pat[:-5], True) if pat.endswith("@last") else (pat, False)
        hits = [f for f in files if fnmatch.fnmatch(f, glob)]
        out += hits[-1:] if last else hits
    return out


def load(out_dir):
    claims = []
    for fn in sorted(os.listdir(out_dir)):
        if not fn.endswith(".status"):
            continue
        name = fn[:-len(".status")]
        status = open(os.path.join(out_dir, fn)).read().strip()
        path = os.path.join(out_dir, name, "summary.json")
        s = json.load(open(path)) if os.path.exists(path) else None
        figs = sorted(f for f in os.listdir(os.path.join(out_dir, name)) if f.endswith(".png")) \
            if os.path.isdir(os.path.join(out_dir, name)) else []
        claims.append((name, status, s, figs))
    return claims


def verdict(status, s):
    if s is None:
        return "ERROR"
    return s["verdict"] if status in ("0", "1") else "ERROR"


def load_sections(path):
    """The report's sections in order (paper/claims.tsv): dicts with section, runs, title, source, cite,
    headline, headline_label, seed_shows ('' for none), reference."""
    secs = read_rows(path, ("section", "runs", "title", "source", "cite", "headline", "headline_label",
                            "seed_shows", "reference"), "a section")
    for sec in secs:
        sec["runs"] = sec["runs"].split(",")
        sec["seed_shows"] = "" if sec["seed_shows"] == "-" else sec["seed_shows"]
    return secs


def group(claims, sections):
    """[(section, [claim, ...])] in the sections' order with the runs that ran, in the order listed; runs
    no section lists go to a last section "Other runs" (never dropped)."""
    by_name = {c[0]: c for c in claims}
    listed, out = set(), []
    for sec in sections:
        runs = [by_name[r] for r in sec["runs"] if r in by_name]
        listed.update(sec["runs"])
        if runs:
            out.append((sec, runs))
    rest = [c for c in claims if c[0] not in listed]
    if rest:
        out.append(({"section": "other", "runs": [c[0] for c in rest], "title": "Other runs", "source": "",
                     "cite": "", "headline": "", "headline_label": "", "seed_shows": "", "reference": ""}, rest))
    return out


def headline(out_dir, name, s):
    """The run's first error metric: (name, value at the finest resolution or None, observed order or None)."""
    header, rows = read_tsv(os.path.join(out_dir, name, "convergence.tsv"))
    if not header or len(header) < 3 or not rows:
        return None
    metric = header[2].split("[")[0]
    try:
        value = float(rows[-1][2])
    except ValueError:
        value = None
    order = (s or {}).get("observed_order", {}).get(metric)
    return metric, value, order


def use_of(c):
    """The share of its limit a check uses: value / limit for an upper bound, limit / value for a lower
    one (a passing check uses at most 1), or None."""
    v, lim = c.get("value"), c.get("limit")
    if v is None or lim is None:
        return None
    num, den = (abs(v), abs(lim)) if c["bound"] == "upper" else (abs(lim), abs(v))
    return num / den if den > 0 else (0.0 if num == 0 else float("inf"))


def headline_check(sec, s):
    """The check the front page shows: (label, check) for the section's headline check, else the run's
    first check under its own text; None without checks."""
    checks = (s or {}).get("checks", [])
    for c in checks:
        if sec["headline"] and c["what"].startswith(sec["headline"]):
            return sec["headline_label"], c
    return (checks[0]["what"], checks[0]) if checks else None


def pct(use):
    return "n/a" if use is None else ("inf" if use == float("inf") else f"{100 * use:.0f} %")


def front_rows(out_dir, groups):
    """One row per run: section title, source, run, verdict, checks passed / total, its first error
    (headline), its headline check, wall time."""
    rows = []
    for sec, runs in groups:
        for k, (name, status, s, figs) in enumerate(runs):
            checks = (s or {}).get("checks", [])
            rows.append({"title": sec["title"] if k == 0 else "", "source": sec["source"] if k == 0 else "",
                         "reference": sec["reference"] if k == 0 else "",
                         "cite": sec["cite"] if k == 0 else "", "run": name, "verdict": verdict(status, s),
                         "passed": f"{sum(1 for c in checks if c['pass'])}/{len(checks)}",
                         "headline": headline(out_dir, name, s), "check": headline_check(sec, s),
                         "wall": (s or {}).get("wall_time_s")})
    return rows


def check_text(hc, le="<=", ge=">="):
    """(label, 'value <= limit', share of the limit) of a headline check (a run's own check text cut to
    32 characters), or n/a."""
    if hc is None:
        return "n/a", "n/a", "n/a"
    label, c = hc
    label = label if len(label) <= 32 else label[:31].rstrip() + "..."
    return label, f"{fmt(c['value'])} {le if c['bound'] == 'upper' else ge} {fmt(c['limit'])}", pct(use_of(c))


def write_md(out_dir, groups, seeds, target, tail=()):
    """summary.md: the table of every run, one section per claim, then the lines of tail."""
    rows = front_rows(out_dir, groups)
    npass = sum(1 for r in rows if r["verdict"] == "PASS")
    lines = ["# capillab: results of the main job", "",
             f"{npass} of {len(rows)} runs pass. One row per run: its verdict and checks passed, its headline "
             "check (measured against its limit, and the share of the limit it uses), the observed order of its "
             "first error, and the wall time.", "",
             "| claim | source | against | run | verdict | checks | headline check | measured | use | order | wall (s) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        label, measured, use = check_text(r["check"])
        order = fmt(r["headline"][2]) if r["headline"] else "n/a"
        lines.append(f"| {md(r['title'])} | {md(r['source'])} | {md(r['reference'])} | {r['run']} | {r['verdict']} | "
                     f"{r['passed']} | "
                     f"{md(label)} | {md(measured)} | {use} | {order} | {fmt(r['wall'])} |")
    if not rows:
        lines.append("| (no experiment has run) | | | | | | | | | | |")
    secs = []
    for sec, runs in groups:
        secs += [f"## {sec['title']}" + (f" ({sec['source']})" if sec["source"] else ""), ""]
        if sec["seed_shows"]:
            secs += [f"**The paper.** {sec['seed_shows']}", ""]
        for fig in seeds:
            if fig["section"] == sec["section"] and fig["run"] in [c[0] for c in runs]:
                secs += [f"**{fig['figure']}, reproduced** by `{fig['run']}` "
                         f"({', '.join(seed_images(out_dir, fig)) or 'no image'}). The paper: {fig['paper']} "
                         f"The lab: {fig['lab']}", ""]
        for name, status, s, figs in runs:
            secs += [f"### {name}", ""]
            if s is None:
                secs += [f"The run did not finish (exit status {status}); see `{name}.log`.", ""]
                continue
            secs += [f"**Claim.** {s['claim']}", "", f"**Source.** {s['source']}", "",
                     f"**Reference.** {s['reference']}", "",
                     f"Mode `{s['mode']}`; parameters `{s['parameters']}`; commit `{s['commit']}`; wall time "
                     f"{fmt(s['wall_time_s'])} s; exit status {status}; verdict {verdict(status, s)}.", "",
                     "| check | value | limit | result |", "| --- | --- | --- | --- |"]
            for c in s["checks"]:
                secs.append(f"| {md(c['what'])} | {fmt(c['value'])} | {'<=' if c['bound'] == 'upper' else '>='} "
                            f"{fmt(c['limit'])} | {'PASS' if c['pass'] else 'FAIL'} |")
            secs += ["", "Observed orders: " + ", ".join(f"{k} {fmt(v)}" for k, v in s["observed_order"].items()), ""]
            caps = plot_captions(TOP, name)
            secs += [f"![{name} {f}: {md(caption_of(caps, f) or 'no caption')}]"
                     f"({os.path.relpath(os.path.join(out_dir, name, f), os.path.dirname(target))})" for f in figs]
            secs.append("")
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(lines + [""] + secs + list(tail)) + "\n")
    os.replace(target + ".tmp", target)


def write_front(out_dir, groups, seeds, target):
    """The front page (front.tex): the table of every run, then the seed figures reproduced."""
    rows = front_rows(out_dir, groups)
    npass = sum(1 for r in rows if r["verdict"] == "PASS")
    L = [r"\section*{Every claim at a glance}",
         rf"{npass} of {len(rows)} runs pass. One row per run (a claim's variants on their own rows): the "
         r"claim, source and reference; verdict and checks passed; the headline check against its limit "
         r"(the share used: at most 100\,\% when it passes); the order of the first error; the wall time; every check from Section~\ref{sec:claims} on.",
         r"\begin{center}\scriptsize\setlength{\tabcolsep}{3pt}",
         r"\begin{tabularx}{\textwidth}{@{}>{\raggedright}X>{\raggedright}p{0.16\textwidth}l>{\raggedright}p{0.25\textwidth}rr@{}}",
         r"\toprule claim (source; reference) & run & verdict & headline check: measured (use of the limit) & order "
         r"& wall (s) \\ \midrule"]
    for r in rows:
        label, measured, use = check_text(r["check"], "@LE@", "@GE@")
        order = fmt(r["headline"][2]) if r["headline"] else "n/a"
        claim = tex(r["title"]) + (rf" ({tex(r['source'])}~\cite{{{r['cite']}}})" if r["cite"] else "")
        claim += rf"; {tex(r['reference'])}" if r["reference"] else ""
        run = tex(r["run"]).replace(r"\_", r"\_\allowbreak{}").replace("-", r"-\allowbreak{}")
        v = r["verdict"] if r["verdict"] == "PASS" else rf"\textbf{{{r['verdict']}}}"
        if r["title"] and r is not rows[0]:
            L.append(r"\midrule")
        measured = tex(measured).replace("@LE@", LE).replace("@GE@", GE)
        L.append(rf"{claim} & \texttt{{{run}}} & {v} {r['passed']} & {tex(label)}: {measured} ({tex(use)}) & "
                 rf"{order} & {fmt(r['wall'])} " + ENDROW)
    if not rows:
        L.append(r"\multicolumn{6}{l}{(no experiment has run)} \\")
    L += [r"\bottomrule", r"\end{tabularx}", r"\end{center}", ""]
    by_name = {c[0]: (sec, c) for sec, runs in groups for c in runs}
    seeds = [(fig, by_name[fig["run"]]) for fig in seeds if fig["run"] in by_name and seed_images(out_dir, fig)]
    if seeds:
        L += [r"\subsection*{The seed papers' figures reproduced}",
              r"Each figure of a seed paper that the lab reproduces, the lab's figure of the same scene, "
              r"and the verdict of the run it comes from with its headline check.",
              r"\begin{center}\scriptsize\setlength{\tabcolsep}{3pt}",
              r"\begin{tabularx}{\textwidth}{@{}>{\raggedright}p{0.3\textwidth}ll>{\raggedright}Xl@{}}",
              r"\toprule seed figure & lab figure & run & headline check & verdict \\ \midrule"]
        for fig, (sec, claim) in seeds:
            v, measured = seed_verdict(claim, sec)
            v = v if v == "PASS" else rf"\textbf{{{v}}}"
            run = tex(claim[0]).replace(r"\_", r"\_\allowbreak{}")
            L.append(rf"{tex(fig['figure'])}~\cite{{{fig['cite']}}} & Fig.~\ref{{{seed_label(fig)}}}, "
                     rf"p.~\pageref{{{seed_label(fig)}}} & \texttt{{{run}}} & "
                     rf"{tex(measured).replace('@LE@', LE).replace('@GE@', GE)} & {v} " + ENDROW)
        L += [r"\bottomrule", r"\end{tabularx}", r"\end{center}", ""]
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(L) + "\n")
    os.replace(target + ".tmp", target)


def run_tex(out_dir, name, status, s, figs, shown, errors):
    """One run's subsection: claim, source, reference, run, checks, errors against resolution, figures
    (those in `shown`, drawn in a seed figure, referred to)."""
    L = [rf"\subsection{{\texttt{{{tex(name)}}}}}"]
    if s is None:
        return L + [rf"The run did not finish (exit status {tex(status)}); see \texttt{{{tex(name)}.log}}.", ""]
    L += [rf"\paragraph{{Claim.}} {tex(s['claim'])}", rf"\paragraph{{Source.}} {tex(s['source'])}",
          rf"\paragraph{{Reference.}} {tex(s['reference'])}",
          rf"\paragraph{{Run.}} Mode \texttt{{{tex(s['mode'])}}}, parameters \texttt{{{tex(s['parameters'])}}}, "
          rf"commit \texttt{{{tex(s['commit'])}}}, wall time {fmt(s['wall_time_s'])}\,s, verdict "
          rf"{verdict(status, s)}.", "",
          r"\begin{center}\small\begin{tabular}{@{}p{0.62\textwidth}rrl@{}}\toprule check & value & limit & \\ \midrule"]
    for c in s["checks"]:
        op = LE if c["bound"] == "upper" else GE
        res = "PASS" if c["pass"] else BOLD_FAIL
        L.append(f"{tex(c['what'])} & {fmt(c['value'])} & {op} {fmt(c['limit'])} & {res} " + ENDROW)
    L += [r"\bottomrule\end{tabular}\end{center}", ""]
    header, rows = read_tsv(os.path.join(out_dir, name, "convergence.tsv"))
    if header:
        keep = [i for i, h in enumerate(header) if not h.startswith(("sim_time", "cell_steps"))]
        L += [r"\begin{center}\resizebox{\textwidth}{!}{\begin{tabular}{@{}" + "r" * len(keep) + r"@{}}\toprule",
              " & ".join(tex(header[i].split("[")[0]) for i in keep) + r" \\ \midrule"]
        for r in rows:
            L.append(" & ".join(fmt(float(r[i])) if r[i] not in ("NA", "nan", "") else "--" for i in keep) + r" \\")
        L += [r"\bottomrule\end{tabular}}\end{center}",
              "Errors against resolution; \\texttt{order\\_X} is the observed order between successive rows.", ""]
    L += envelope_tex(out_dir, name)
    caps = plot_captions(TOP, name)
    for f in figs:
        if f in shown:
            L.append(rf"\texttt{{{tex(f)}}} is drawn in Figure~\ref{{{shown[f]}}}, with the seed figure it reproduces.")
            continue
        cap = figure_caption(out_dir, name, f, s, caps)
        if cap is None:
            errors.append(f"{name}/{f}: no caption: add a '# figure GLOB: text' line to plots/{name.split('-')[0]}.gp")
            cap = rf"\texttt{{{tex(name)}}}: \texttt{{{tex(f)}}}"
        L += [r"\begin{figure}[htbp]\centering",
              rf"\includegraphics[width=0.7\textwidth,height=0.55\textheight,keepaspectratio]"
              rf"{{{os.path.abspath(os.path.join(out_dir, name, f))}}}",
              rf"\caption{{{cap}}}\label{{{fig_label(name, f)}}}", r"\end{figure}"]
    return L


def envelope_dir(out_dir):
    """Where make envelope wrote the envelope of the runs in out_dir: out-envelope-quick beside
    out-quick, out-envelope beside any other."""
    quick = os.path.basename(os.path.normpath(out_dir)) == "out-quick"
    return os.path.join(os.path.dirname(os.path.normpath(out_dir)), "out-envelope-quick" if quick else "out-envelope")


def envelope_tex(out_dir, name):
    """The run's envelope (experiments/envelope.h), from its --sample run's envelope.json and envelope.tsv:
    the ranges sampled, how many samples passed, and per error metric the largest value and smallest
    observed order with where they occur, then the check nearest its limit."""
    d = os.path.join(envelope_dir(out_dir), name + "-envelope")
    try:
        with open(os.path.join(d, "envelope.json")) as f:
            e = json.load(f)
    except (OSError, ValueError):
        return [r"\paragraph{Envelope.} Not sampled here (\texttt{make envelope} samples it).", ""]
    where = lambda p: ", ".join(f"{k} = {fmt(v)}" for k, v in p.items() if k != "sample") if p else "--"
    ranges = "; ".join(f"{tex(p['name'])} from {fmt(p['lo'])} to {fmt(p['hi'])}" + (" (log)" if p["scale"] == "log" else "")
                       for p in e.get("envelope", []))
    L = [rf"\paragraph{{Envelope.}} {e['samples']} point{'s' if e['samples'] != 1 else ''} of {ranges} (Latin hypercube, "
         rf"\texttt{{{tex(e['parameters'])}}}, commit \texttt{{{tex(e['commit'])}}}): {e['passed']} pass, "
         rf"{e['failed']} fail, {e['stopped']} stopped. Each sample runs the sweep named and its checks; the "
         r"errors are at its finest level.", "",
         r"\begin{center}\small\begin{tabularx}{\textwidth}{@{}lrXrX@{}}\toprule "
         r"metric & largest & where & smallest order & where \\ \midrule"]
    for m in e["metrics"]:
        L.append(rf"{tex(m['name'])} & {fmt(m['largest'])} & {tex(where(m['at']))} & {fmt(m['smallest_order'])} & "
                 rf"{tex(where(m['order_at']))} " + ENDROW)
    L += [r"\bottomrule\end{tabularx}\end{center}"]
    w = e.get("worst_check")
    if w:
        L.append(rf"The check nearest its limit: {tex(w['what'])}, {fmt(w['share'])} of it, at {tex(where(w['at']))}.")
    return L + [""]


def fig_label(name, f):
    return "fig:" + re.sub(r"[^A-Za-z0-9]", "-", f"{name}/{f}")


def seed_label(fig):
    return "fig:seed:" + re.sub(r"[^A-Za-z0-9]", "-", fig["figure"])


def seed_verdict(claim, sec):
    """(verdict, 'label value <= limit (use)') of a seed figure's run."""
    name, status, s, figs = claim
    label, measured, use = check_text(headline_check(sec, s), "@LE@", "@GE@")
    return verdict(status, s), f"{label} {measured} ({use} of its limit)"


def seed_tex(out_dir, fig, claim, sec, errors):
    """The figure reproducing one seed figure: the lab's images side by side, a caption with what the
    paper showed and what the lab measured, with the verdict. [] (and an error) without images."""
    name, status, s, figs = claim
    images = seed_images(out_dir, fig)
    if not images:
        if s is not None:
            errors.append(f"{fig['figure']}: no image {fig['images']} in {name}'s outputs (paper/seed_figures.tsv)")
        return []
    v, measured = seed_verdict(claim, sec)
    per_row = len(images) if len(images) <= 3 else (2 if len(images) == 4 else 3)  # 4 as 2 x 2, 5-6 as 3 + 3
    rows = -(-len(images) // per_row)
    width, height = min(0.7, 0.96 / per_row), 0.42 / rows
    L = [r"\begin{figure}[htbp]\centering"]
    for k, f in enumerate(images):
        end = r"\\[1ex]" if (k + 1) % per_row == 0 and k + 1 < len(images) else (r"\hfill" if k + 1 < len(images) else "")
        L.append(rf"\includegraphics[width={width:.3f}\textwidth,height={height:.3f}\textheight,keepaspectratio]"
                 rf"{{{os.path.abspath(os.path.join(out_dir, name, f))}}}{end}")
    res = tex(resolution_note(out_dir, name, images[-1], s))
    files = ", ".join(r"\texttt{" + tex(f) + "}" for f in images)
    measured = tex(measured).replace("@LE@", LE).replace("@GE@", GE)
    params = tex((s or {}).get("parameters", ""))
    L += [rf"\caption{{\textbf{{{tex(fig['figure'])}~\cite{{{fig['cite']}}}, reproduced.}} "
          rf"\emph{{The paper:}} {tex(fig['paper'])} \emph{{The lab}} (\texttt{{{tex(name)}}}: {files}): "
          rf"{tex(fig['lab'])} {res} Measured: {measured}; verdict {v}. Parameters: \texttt{{{params}}}.}}"
          rf"\label{{{seed_label(fig)}}}", r"\end{figure}", ""]
    return L


def write_tex(out_dir, groups, seeds, target, errors):
    """The claims' sections (claims.tex), in the order of paper/claims.tsv: each section's seed figures
    (paper/seed_figures.tsv), then its runs."""
    L = []
    for k, (sec, runs) in enumerate(groups):
        cite = rf"\texorpdfstring{{, \cite{{{sec['cite']}}}}}{{}}" if sec["cite"] else ""
        src = rf" ({tex(sec['source'])}{cite})" if sec["source"] else ""
        L.append(rf"\section{{{tex(sec['title'])}{src}}}" + (r"\label{sec:claims}" if k == 0 else ""))
        names = ", ".join(rf"\texttt{{{tex(c[0])}}}" for c in runs)
        L += [rf"Runs: {names}.", ""]
        by_name = {c[0]: c for c in runs}
        if sec["seed_shows"] and not any(f["section"] == sec["section"] for f in seeds):
            L += [rf"\paragraph{{The paper.}} {tex(sec['seed_shows'])}", ""]
        shown = {}
        for fig in seeds:
            if fig["section"] != sec["section"] or fig["run"] not in by_name:
                continue
            body = seed_tex(out_dir, fig, by_name[fig["run"]], sec, errors)
            if body:
                refs = rf"Figure~\ref{{{seed_label(fig)}}} reproduces {tex(fig['figure'])}."
                L += [refs, ""] + body
                for f in seed_images(out_dir, fig):
                    shown[(fig["run"], f)] = seed_label(fig)
        for name, status, s, figs in runs:
            mine = {f: lab for (r, f), lab in shown.items() if r == name}
            L += run_tex(out_dir, name, status, s, figs, mine, errors)
        L += [r"\clearpage", ""]
    if not groups:
        L += [r"\section{Claims}\label{sec:claims}", "No experiment has run.", ""]
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(L) + "\n")
    os.replace(target + ".tmp", target)


BASILISK_COLS = ("key", "title", "resolution", "cells", "basilisk", "lo", "hi", "unit", "run", "field", "params",
                 "scale", "cite")


def same_cells(a, b):
    return abs(float(a) - float(b)) <= 1e-9 * max(abs(float(a)), abs(float(b)), 1.0)


def column(header, name):
    names = [h.split("[")[0] for h in header or []]
    return names.index(name) if name in names else None


def number(text):
    try:
        v = float(text)
    except ValueError:
        return None
    return v if v == v else None  # NaN: no value


def basilisk_value(out_dir, row):
    """capillab's figure for a row of data/ref/basilisk.tsv, read from the run's own outputs:
    (state, value, signed, note, matched). state "missing": the run has no summary.json; "not run": it has
    no figure at the row's resolution (or ran with other parameters, said in note); "ok": value (the
    field's, not yet scaled), signed whether the field keeps its sign, note what it adds ("at 150 degrees"),
    matched False where the run's case is not the row's (another kR). The field's forms: the header of
    data/ref/basilisk.tsv."""
    folder = os.path.join(out_dir, row["run"])
    path = os.path.join(folder, "summary.json")
    if not os.path.exists(path):
        return "missing", None, False, "", True
    s = json.load(open(path))
    for kv in ([] if row["params"] == "-" else row["params"].split(",")):
        if kv not in (s.get("parameters") or "").split():
            return "not run", None, False, f"not run at {kv}", True
    fname, what = row["field"].split(":", 1)
    fname = fname.replace("{cells}", f"{float(row['cells']):g}")
    if fname == "summary.json":
        key, at = (what.split("@") + [""])[:2]
        res = s.get("results", {})
        v, cells = res.get(key.split(".", 1)[1]), res.get(at.split(".", 1)[1]) if at else None
        if v is None or cells is None or not same_cells(cells, row["cells"]):
            return "not run", None, False, "", True
        return "ok", float(v), False, "", True
    header, rows = read_tsv(os.path.join(folder, fname))
    if fname == "convergence.tsv":
        i = column(header, what)
        for r in rows if i is not None else []:
            if same_cells(r[0], row["cells"]) and number(r[i]) is not None:
                return "ok", number(r[i]), False, "", True
        return "not run", None, False, "", True
    if what == "worst":  # the angle table: the largest |theta_fit - theta_s| and its theta_s
        i, j = column(header, "theta_s"), column(header, "theta_fit")
        errs = [(abs(number(r[j]) - number(r[i])), number(r[i])) for r in rows if i is not None and j is not None
                and number(r[i]) is not None and number(r[j]) is not None]
        if not errs:
            return "not run", None, False, "", True
        err, angle = max(errs)
        return "ok", err, False, f"at {angle:g} degrees", True
    if what.startswith("nearest "):  # the growth table: the signed error at the kR nearest the row's
        x = float(what.split()[1])
        i, j, k = column(header, "kR"), column(header, "s_measured"), column(header, "s_rayleigh")
        vals = [(number(r[i]), number(r[j]), number(r[k])) for r in rows] if None not in (i, j, k) else []
        cand = [(abs(kr - x), kr, sm, sr) for kr, sm, sr in vals if None not in (kr, sm, sr) and sr > 0]
        if not cand:
            return "not run", None, False, "", True
        dist, kr, sm, sr = min(cand)
        return "ok", (sm - sr) / sr, True, f"at kR = {kr:g}", dist < 1e-3
    raise ValueError(f"data/ref/basilisk.tsv: unknown field {row['field']}")


def sci(v):
    """2 significant digits, exponent without padding: 8.2e-4."""
    m, e = f"{v:.1e}".split("e")
    return f"{m}e{int(e)}"


def basilisk_rows(out_dir, rows):
    """The table's rows: dicts with the row of data/ref/basilisk.tsv and capillab (its figure as text),
    basilisk (Basilisk's as text), smaller (which code's error is smaller in magnitude at that resolution)."""
    out = []
    for row in rows:
        state, v, signed, note, matched = basilisk_value(out_dir, row)
        if state == "ok":
            v *= float(row["scale"])
            if row["unit"] == "1":
                text = sci(v)
            else:
                text = (f"{v:+.3g}" if signed else f"{v:.3g}") + (" %" if row["unit"] == "%" else f" {row['unit']}")
            text += f" {note}" if note else ""
        else:
            text = "--" if state == "missing" else (note or "not run")
        smaller = "--"
        if state == "ok" and matched and row["lo"] != "-":
            lo, hi = sorted((abs(float(row["lo"])), abs(float(row["hi"]))))
            smaller = "capillab ahead" if abs(v) < lo else ("capillab behind" if abs(v) > hi else "--")
        out.append(dict(row, capillab=text, basilisk_text="no figure" if row["basilisk"] == "-" else row["basilisk"],
                        smaller=smaller))
    return out


def field_text(row):
    """Where capillab's figure of a row comes from: (the file under the output folder, what is read)."""
    fname, what = row["field"].split(":", 1)
    path = f"{row['run']}/{fname}".replace("{cells}", "N")
    if fname == "convergence.tsv":
        return path, f"column {what}, in the row of the resolution"
    if fname == "summary.json":
        key, at = what.split("@")
        return path, f"{key}, measured at {at} cells"
    if what == "worst":
        return path, "the largest |theta_fit - theta_s| over its angles and that angle (N the resolution in cells)"
    return path, f"(s_measured - s_rayleigh)/s_rayleigh at its kR nearest {what.split()[1]} (N the resolution in cells)"


BASILISK_INTRO = ("Each benchmark that both capillab and Basilisk run: Basilisk's figures on this machine class "
                  "as issue 32 of the project gives them (data/ref/basilisk.tsv), capillab's read from its runs' "
                  "own outputs. 'smaller error': the code whose error is smaller in magnitude at the same "
                  "resolution ('--' where only one has a figure, capillab's lies within Basilisk's range, or the "
                  "cases differ); 'not run': the resolution or case is not in capillab's sweep; '--': the run is "
                  "missing.")


def basilisk_md(out_dir, rows):
    """The Markdown table of capillab beside Basilisk (the end of summary.md)."""
    L = ["## capillab beside Basilisk", "", BASILISK_INTRO, "",
         "| benchmark | resolution | capillab | Basilisk | smaller error | Basilisk's page |",
         "| --- | --- | --- | --- | --- | --- |"]
    for r in basilisk_rows(out_dir, rows):
        L.append(f"| {md(r['title'])} | {r['resolution']} | {md(r['capillab'])} | {md(r['basilisk_text'])} | "
                 f"{r['smaller']} | {r['cite']} |")
    L += ["", "capillab's figures: " + "; ".join(f"{md(r['title'])}: `{field_text(r)[0]}` {md(field_text(r)[1])}"
                                                  for r in first_of_each(rows)) + ".", ""]
    return L


def first_of_each(rows):
    seen, out = set(), []
    for r in rows:
        if r["key"] not in seen:
            seen.add(r["key"])
            out.append(r)
    return out


def write_basilisk(out_dir, rows, target):
    """basilisk.tex: the table of capillab beside Basilisk and where capillab's figures come from (the
    section's text is in paper/capillab.tex)."""
    L = [r"\begin{center}\small\setlength{\tabcolsep}{5pt}",
         r"\begin{tabularx}{\textwidth}{@{}>{\raggedright}Xl"
         r">{\raggedright}p{0.19\textwidth}>{\raggedright}p{0.17\textwidth}>{\raggedright}p{0.09\textwidth}l@{}}",
         r"\toprule benchmark & resolution & capillab & Basilisk & smaller error & page \\ \midrule"]
    last = None
    for r in basilisk_rows(out_dir, rows):
        first = r["key"] != last
        if first and last is not None:
            L.append(r"\midrule")
        last = r["key"]
        title, cite = (tex(r["title"]), rf"\cite{{{r['cite']}}}") if first else ("", "")
        L.append(rf"{title} & {tex(r['resolution'])} & {tex(r['capillab'])} & {tex(r['basilisk_text'])} & "
                 rf"{tex(r['smaller'])} & {cite} " + ENDROW)
    L += [r"\bottomrule", r"\end{tabularx}", r"\end{center}", "",
          r"\paragraph{capillab's figures} come from the files of each run's own output folder:",
          r"\begin{itemize}"]
    for r in first_of_each(rows):
        path, what = field_text(r)
        path = tex(path).replace("/", r"/\allowbreak{}").replace(r"\_", r"\_\allowbreak{}")
        L.append(rf"\item {tex(r['title'])}: \texttt{{{path}}}, {tex(what)}.")
    L += [r"\end{itemize}", ""]
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(L) + "\n")
    os.replace(target + ".tmp", target)


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return "unknown"


def write_provenance(claims, target):
    commit = run(["git", "rev-parse", "--short=12", "HEAD"]) or "unknown"
    cc = (run(["cc", "--version"]).splitlines() or ["unknown"])[0]
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    L = [r"\section{Provenance}", r"\begin{tabular}{@{}ll@{}}",
         rf"commit & \texttt{{{tex(commit)}}} \\", rf"report built & {tex(date)} \\",
         rf"machine & {tex(platform.machine())}, {os.cpu_count()} cores, {tex(platform.system())} {tex(platform.release())} \\",
         rf"compiler & {tex(cc)} \\", r"\end{tabular}", "", r"\begin{tabular}{@{}lll@{}}\toprule experiment & commit & wall time \\ \midrule"]
    for name, status, s, figs in claims:
        L.append(rf"\texttt{{{tex(name)}}} & \texttt{{{tex(s['commit']) if s else 'n/a'}}} & {fmt(s['wall_time_s']) if s else 'n/a'}\,s \\")
    L += [r"\bottomrule\end{tabular}", ""]
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(L) + "\n")
    os.replace(target + ".tmp", target)


def main(out_dir, build):
    os.makedirs(build, exist_ok=True)
    claims = load(out_dir) if os.path.isdir(out_dir) else []
    groups = group(claims, load_sections(os.path.join(TOP, "paper", "claims.tsv")))
    seeds = load_seed_figures(os.path.join(TOP, "paper", "seed_figures.tsv"))
    basilisk = read_rows(os.path.join(TOP, "data", "ref", "basilisk.tsv"), BASILISK_COLS, "a Basilisk figure")
    basilisk = [r for r in basilisk if r["key"] != "key"]  # not the line naming the columns
    errors = []
    write_md(out_dir, groups, seeds, os.path.join(build, "summary.md"), basilisk_md(out_dir, basilisk))
    write_front(out_dir, groups, seeds, os.path.join(build, "front.tex"))
    write_tex(out_dir, groups, seeds, os.path.join(build, "claims.tex"), errors)
    write_basilisk(out_dir, basilisk, os.path.join(build, "basilisk.tex"))
    write_provenance(claims, os.path.join(build, "provenance.tex"))
    failed = sum(1 for name, status, s, figs in claims if verdict(status, s) != "PASS")
    print(f"capillab: {len(claims)} experiments, {len(claims) - failed} pass, {failed} fail or did not finish")
    for e in errors:
        print(f"capillab: report: {e}", file=sys.stderr)
    return 3 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: paper/summary.py OUT_DIR PAPER_BUILD_DIR", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
