#!/usr/bin/env python3
"""Writes the Markdown summary of the main job from the experiments' own outputs.

    python3 paper/summary.py OUT_DIR paper/build/summary.md

For every OUT_DIR/<name>/summary.json (and <name>.status, the experiment's exit status): the claim,
its source, the reference, every acceptance check with its value and limit, the observed orders,
the verdict and the wall time. A claim whose experiment failed or did not finish is listed as such,
never dropped.
"""
import json
import os
import sys


def fmt(v):
    if v is None:
        return "n/a"
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def main(out_dir, target):
    names = sorted(n[:-len(".status")] for n in os.listdir(out_dir) if n.endswith(".status"))
    lines = ["# capillab: results of the main job", ""]
    if not names:
        lines += ["No experiment has run.", ""]
    rows, sections = [], []
    for name in names:
        status = open(os.path.join(out_dir, name + ".status")).read().strip()
        path = os.path.join(out_dir, name, "summary.json")
        if not os.path.exists(path):
            rows.append(f"| {name} | (no summary: exit status {status}) | | ERROR |")
            continue
        s = json.load(open(path))
        checks = s.get("checks", [])
        worst = "; ".join(f"{c['what'].replace('|', chr(92) + '|')}: {fmt(c['value'])} ({'<=' if c['bound'] == 'upper' else '>='} {fmt(c['limit'])})"
                          for c in checks if not c["pass"]) or "all checks pass"
        rows.append(f"| {name} | {s['claim']} | {worst} | {s['verdict']} |")
        sec = [f"## {name}", "", f"**Claim.** {s['claim']}", "", f"**Source.** {s['source']}", "",
               f"**Reference.** {s['reference']}", "",
               f"Mode `{s['mode']}`, levels {', '.join(fmt(x) for x in s['levels'])} cells; parameters `{s['parameters']}`; "
               f"commit `{s['commit']}`; wall time {fmt(s['wall_time_s'])} s; exit status {status}.", "",
               "| check | value | limit | result |", "| --- | --- | --- | --- |"]
        for c in checks:
            sec.append(f"| {c['what'].replace('|', chr(92) + '|')} | {fmt(c['value'])} | {'<=' if c['bound'] == 'upper' else '>='} {fmt(c['limit'])} | "
                       f"{'PASS' if c['pass'] else 'FAIL'} |")
        sec += ["", "Observed orders (least squares over the levels): " +
                ", ".join(f"{k} {fmt(v)}" for k, v in s.get("observed_order", {}).items()), ""]
        figs = sorted(f for f in os.listdir(os.path.join(out_dir, name)) if f.endswith(".png"))
        for f in figs:
            sec.append(f"![{name} {f}]({os.path.relpath(os.path.join(out_dir, name, f), os.path.dirname(target))})")
        sec.append("")
        sections += sec
    lines += ["| experiment | claim | failing checks | verdict |", "| --- | --- | --- | --- |"] + rows + [""] + sections
    os.makedirs(os.path.dirname(target), exist_ok=True)
    tmp = target + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, target)
    failed = sum(1 for r in rows if not r.endswith("| PASS |"))
    print(f"capillab: {len(names)} experiments, {len(names) - failed} pass, {failed} fail; summary in {target}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: paper/summary.py OUT_DIR TARGET.md", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
