#!/usr/bin/env python3
"""Builds the report's generated parts from the experiments' own outputs.

    python3 paper/summary.py OUT_DIR PAPER_BUILD_DIR

Reads OUT_DIR/<name>.status (the exit status), OUT_DIR/<name>/summary.json and convergence.tsv for
every experiment that ran, and writes into PAPER_BUILD_DIR:
  summary.md       the Markdown summary: a table of every run, then one section per claim
  front.tex        the report's front-page table: every run, its verdict, headline error and order,
                   the check nearest its limit, its wall time
  claims.tex       one section per claim in the order of paper/claims.tsv (the papers' order), one
                   subsection per run, with its checks, its errors against resolution and its figures
  provenance.tex   commit, date, machine, compiler, wall time of each experiment
A claim whose experiment failed or did not finish is shown as failing, never dropped.
"""
import datetime
import json
import os
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
    headline, headline_label, seed_shows ('' when the claim reproduces no seed figure)."""
    secs = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) != 8:
            raise ValueError(f"{path}: a section needs 8 tab-separated fields, not {len(f)}: {line.strip()}")
        secs.append({"section": f[0], "runs": f[1].split(","), "title": f[2], "source": f[3], "cite": f[4],
                     "headline": f[5], "headline_label": f[6], "seed_shows": "" if f[7] == "-" else f[7]})
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
                     "cite": "", "headline": "", "headline_label": "", "seed_shows": ""}, rest))
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


def write_md(out_dir, groups, target):
    rows = front_rows(out_dir, groups)
    npass = sum(1 for r in rows if r["verdict"] == "PASS")
    lines = ["# capillab: results of the main job", "",
             f"{npass} of {len(rows)} runs pass. One row per run: its verdict and checks passed, its headline "
             "check (measured against its limit, and the share of the limit it uses), the observed order of its "
             "first error, and the wall time.", "",
             "| claim | source | run | verdict | checks | headline check | measured | use | order | wall (s) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        label, measured, use = check_text(r["check"])
        order = fmt(r["headline"][2]) if r["headline"] else "n/a"
        lines.append(f"| {md(r['title'])} | {md(r['source'])} | {r['run']} | {r['verdict']} | {r['passed']} | "
                     f"{md(label)} | {md(measured)} | {use} | {order} | {fmt(r['wall'])} |")
    if not rows:
        lines.append("| (no experiment has run) | | | | | | | | | |")
    secs = []
    for sec, runs in groups:
        secs += [f"## {sec['title']}" + (f" ({sec['source']})" if sec["source"] else ""), ""]
        if sec["seed_shows"]:
            secs += [f"**The paper.** {sec['seed_shows']}", ""]
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
            secs += [f"![{name} {f}]({os.path.relpath(os.path.join(out_dir, name, f), os.path.dirname(target))})"
                     for f in figs]
            secs.append("")
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(lines + [""] + secs) + "\n")
    os.replace(target + ".tmp", target)


def write_front(out_dir, groups, target):
    """The front page's table (front.tex)."""
    rows = front_rows(out_dir, groups)
    npass = sum(1 for r in rows if r["verdict"] == "PASS")
    L = [r"\section*{Every claim at a glance}",
         rf"{npass} of {len(rows)} runs pass. One row per run (a claim's variants on their own rows): its "
         r"verdict and checks passed, its headline check measured against its limit with the share of the "
         r"limit it uses (a passing check uses at most 100\,\%), the observed order of its first error over "
         r"the resolutions, and the wall time. Section~\ref{sec:claims} onwards gives every check.",
         r"\begin{center}\scriptsize\setlength{\tabcolsep}{3pt}",
         r"\begin{tabularx}{\textwidth}{@{}>{\raggedright}X>{\raggedright}p{0.165\textwidth}l>{\raggedright}p{0.12\textwidth}rrrr@{}}",
         r"\toprule claim (source) & run & verdict & headline check & measured & use & order & wall (s) \\ \midrule"]
    for r in rows:
        label, measured, use = check_text(r["check"], "@LE@", "@GE@")
        order = fmt(r["headline"][2]) if r["headline"] else "n/a"
        claim = tex(r["title"]) + (rf" ({tex(r['source'])}~\cite{{{r['cite']}}})" if r["cite"] else "")
        run = tex(r["run"]).replace(r"\_", r"\_\allowbreak{}").replace("-", r"-\allowbreak{}")
        v = r["verdict"] if r["verdict"] == "PASS" else rf"\textbf{{{r['verdict']}}}"
        if r["title"] and r is not rows[0]:
            L.append(r"\midrule")
        measured = tex(measured).replace("@LE@", LE).replace("@GE@", GE)
        L.append(rf"{claim} & \texttt{{{run}}} & {v} {r['passed']} & {tex(label)} & {measured} & {tex(use)} & "
                 rf"{order} & {fmt(r['wall'])} " + ENDROW)
    if not rows:
        L.append(r"\multicolumn{8}{l}{(no experiment has run)} \\")
    L += [r"\bottomrule", r"\end{tabularx}", r"\end{center}", ""]
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(L) + "\n")
    os.replace(target + ".tmp", target)


def run_tex(out_dir, name, status, s, figs):
    """One run's subsection: claim, source, reference, run, checks, errors against resolution, figures."""
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
    for f in figs:
        L += [r"\begin{figure}[htbp]\centering",
              rf"\includegraphics[width=0.7\textwidth,height=0.55\textheight,keepaspectratio]"
              rf"{{{os.path.abspath(os.path.join(out_dir, name, f))}}}",
              rf"\caption{{\texttt{{{tex(name)}}}: \texttt{{{tex(f)}}}}}", r"\end{figure}"]
    return L


def write_tex(out_dir, groups, target):
    """The claims' sections (claims.tex), in the order of paper/claims.tsv."""
    L = []
    for k, (sec, runs) in enumerate(groups):
        cite = rf"\texorpdfstring{{, \cite{{{sec['cite']}}}}}{{}}" if sec["cite"] else ""
        src = rf" ({tex(sec['source'])}{cite})" if sec["source"] else ""
        L.append(rf"\section{{{tex(sec['title'])}{src}}}" + (r"\label{sec:claims}" if k == 0 else ""))
        names = ", ".join(rf"\texttt{{{tex(c[0])}}}" for c in runs)
        L += [rf"Runs: {names}.", ""]
        if sec["seed_shows"]:
            L += [rf"\paragraph{{The paper.}} {tex(sec['seed_shows'])}", ""]
        for name, status, s, figs in runs:
            L += run_tex(out_dir, name, status, s, figs)
        L += [r"\clearpage", ""]
    if not groups:
        L += [r"\section{Claims}\label{sec:claims}", "No experiment has run.", ""]
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
    groups = group(claims, load_sections(os.path.join(os.path.dirname(os.path.abspath(__file__)), "claims.tsv")))
    write_md(out_dir, groups, os.path.join(build, "summary.md"))
    write_front(out_dir, groups, os.path.join(build, "front.tex"))
    write_tex(out_dir, groups, os.path.join(build, "claims.tex"))
    write_provenance(claims, os.path.join(build, "provenance.tex"))
    failed = sum(1 for name, status, s, figs in claims if verdict(status, s) != "PASS")
    print(f"capillab: {len(claims)} experiments, {len(claims) - failed} pass, {failed} fail or did not finish")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: paper/summary.py OUT_DIR PAPER_BUILD_DIR", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
