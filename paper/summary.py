#!/usr/bin/env python3
"""Builds the report's generated parts from the experiments' own outputs.

    python3 paper/summary.py OUT_DIR PAPER_BUILD_DIR

Reads OUT_DIR/<name>.status (the exit status), OUT_DIR/<name>/summary.json and convergence.tsv for
every experiment that ran, and writes into PAPER_BUILD_DIR:
  summary.md       the Markdown summary: a table of every claim, then one section per claim
  claims.tex       the same for the LaTeX report: summary table and one section per claim, with
                   its checks, its errors against resolution and its figures
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


def write_md(out_dir, claims, target):
    lines = ["# capillab: results of the main job", "",
             "Every claim, each of its acceptance checks (measured value against the limit fixed in the "
             "experiment's source), the observed orders, and the verdict.", "",
             "| experiment | claim | source | check | measured | limit | result | verdict |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    secs = []
    for name, status, s, figs in claims:
        if s is None:
            lines.append(f"| {name} | (no summary: exit status {status}) | | | | | | ERROR |")
            continue
        for k, c in enumerate(s["checks"] or [{"what": "(no check)", "value": None, "limit": None, "bound": "upper", "pass": False}]):
            lines.append(f"| {name if k == 0 else ''} | {md(s['claim']) if k == 0 else ''} | {md(s['source'].split(';')[0]) if k == 0 else ''} | "
                         f"{md(c['what'])} | {fmt(c['value'])} | {'<=' if c['bound'] == 'upper' else '>='} {fmt(c['limit'])} | "
                         f"{'PASS' if c['pass'] else 'FAIL'} | {verdict(status, s) if k == 0 else ''} |")
        secs += [f"## {name}", "", f"**Claim.** {s['claim']}", "", f"**Source.** {s['source']}", "",
                 f"**Reference.** {s['reference']}", "",
                 f"Mode `{s['mode']}`; parameters `{s['parameters']}`; commit `{s['commit']}`; wall time "
                 f"{fmt(s['wall_time_s'])} s; exit status {status}.", "",
                 "| check | value | limit | result |", "| --- | --- | --- | --- |"]
        for c in s["checks"]:
            secs.append(f"| {md(c['what'])} | {fmt(c['value'])} | {'<=' if c['bound'] == 'upper' else '>='} "
                        f"{fmt(c['limit'])} | {'PASS' if c['pass'] else 'FAIL'} |")
        secs += ["", "Observed orders: " + ", ".join(f"{k} {fmt(v)}" for k, v in s["observed_order"].items()), ""]
        secs += [f"![{name} {f}]({os.path.relpath(os.path.join(out_dir, name, f), os.path.dirname(target))})" for f in figs]
        secs.append("")
    if not claims:
        lines.append("| (no experiment has run) | | | | | | | |")
    with open(target + ".tmp", "w") as f:
        f.write("\n".join(lines + [""] + secs) + "\n")
    os.replace(target + ".tmp", target)


def write_tex(out_dir, claims, target):
    L = [r"\section{Summary of the claims}",
         "Every claim, each of its acceptance checks (measured value against the limit fixed in the experiment's source), and the verdict.",
         r"\begin{center}\small", r"\begin{tabular}{@{}p{0.14\textwidth}p{0.46\textwidth}rrl@{}}",
         r"\toprule experiment & check & measured & limit & \\ \midrule"]
    for name, status, s, figs in claims:
        if s is None:
            L.append(rf"\texttt{{{tex(name)}}} & (no summary; exit status {tex(status)}) & & & \textbf{{ERROR}} \\")
            continue
        for k, c in enumerate(s["checks"]):
            op = LE if c["bound"] == "upper" else GE
            first = rf"\texttt{{{tex(name)}}} ({verdict(status, s)})" if k == 0 else ""
            L.append(f"{first} & {tex(c['what'])} & {fmt(c['value'])} & {op} {fmt(c['limit'])} & "
                     f"{'PASS' if c['pass'] else BOLD_FAIL} " + ENDROW)
        L.append(r"\midrule")
    L += [r"\bottomrule", r"\end{tabular}", r"\end{center}", ""]
    for name, status, s, figs in claims:
        L.append(rf"\section{{\texttt{{{tex(name)}}}}}")
        if s is None:
            L += [rf"The experiment did not finish (exit status {tex(status)}); see \texttt{{{tex(name)}.log}}.", ""]
            continue
        L += [rf"\paragraph{{Claim.}} {tex(s['claim'])}", rf"\paragraph{{Source.}} {tex(s['source'])}",
              rf"\paragraph{{Reference.}} {tex(s['reference'])}",
              rf"\paragraph{{Run.}} Mode \texttt{{{tex(s['mode'])}}}, parameters \texttt{{{tex(s['parameters'])}}}, "
              rf"commit \texttt{{{tex(s['commit'])}}}, wall time {fmt(s['wall_time_s'])}\,s.", "",
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
                  rf"\includegraphics[width=0.7\textwidth]{{{os.path.abspath(os.path.join(out_dir, name, f))}}}",
                  rf"\caption{{\texttt{{{tex(name)}}}: \texttt{{{tex(f)}}}}}", r"\end{figure}"]
        L += [r"\clearpage", ""]
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
    write_md(out_dir, claims, os.path.join(build, "summary.md"))
    write_tex(out_dir, claims, os.path.join(build, "claims.tex"))
    write_provenance(claims, os.path.join(build, "provenance.tex"))
    failed = sum(1 for name, status, s, figs in claims if verdict(status, s) != "PASS")
    print(f"capillab: {len(claims)} experiments, {len(claims) - failed} pass, {failed} fail or did not finish")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: paper/summary.py OUT_DIR PAPER_BUILD_DIR", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
