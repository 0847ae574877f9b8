#!/usr/bin/env python3
"""Sums the coverage reports of a campaign's chunks into one report for the whole campaign.

`run.py --coverage FILE` writes one Markdown report per run: per category (compiled, deopt,
lift, op, ...) how often compiled code or the JIT's events reached each key, and which
ops-registry entries nothing reached. A long campaign runs as many chunks (seeds S..S+1999,
then the next 2000); this adds their tables up, joins their seed ranges, and counts a
registry entry as unexercised only if no chunk reached it.

    python3 tests/fuzz/merge_coverage.py --out campaign.md chunk1.md chunk2.md ...

Exits non-zero when a registry entry is unexercised over the whole campaign, or when two
chunks' seed ranges overlap (their programs would be counted twice). Assumes the reports
were written by `run.py`'s `coverage_report` (its header, entry line and tables)."""

import argparse
import re
import sys

HEADER = re.compile(r"^# JIT coverage of (\d+) generated programs \(seeds (\d+)\.\.(\d+)\)$")
ENTRIES = re.compile(r"^(\d+) of (\d+) ops-registry entries exercised\.$")
UNEXERCISED = re.compile(r"^Unexercised: (.*)\.$")
ROW = re.compile(r"^\| `(.*)` \| (\d+) \|$")


def parse(path):
    """(programs, (first, last) seed, supported count, unexercised set, {(category, key): n})."""
    programs = seeds = supported = None
    unexercised, counts, category = set(), {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if m := HEADER.match(line):
                programs, seeds = int(m[1]), (int(m[2]), int(m[3]))
            elif m := ENTRIES.match(line):
                supported = int(m[2])
            elif m := UNEXERCISED.match(line):
                # "op `int +`, helper `x`": each entry is a category and a backquoted key.
                unexercised |= {(c.strip(), k) for c, k in re.findall(r"([^,`]+) `([^`]*)`", m[1])}
            elif line.startswith("## "):
                category = line[3:]
            elif (m := ROW.match(line)) and category:
                counts[(category, m[1])] = counts.get((category, m[1]), 0) + int(m[2])
    if programs is None or supported is None:
        raise SystemExit(f"merge_coverage: {path} is not a run.py coverage report")
    return programs, seeds, supported, unexercised, counts


def ranges_text(ranges):
    """Adjacent seed ranges joined: "3100000..3199999" or "1..10, 21..30"."""
    joined = []
    for first, last in sorted(ranges):
        if joined and first == joined[-1][1] + 1:
            joined[-1][1] = last
        else:
            joined.append([first, last])
    return ", ".join(f"{a}..{b}" for a, b in joined)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--out", help="where the merged report goes (default: stdout)")
    args = parser.parse_args()

    total_programs, ranges, supported, unexercised, counts = 0, [], set(), None, {}
    for path in args.reports:
        programs, seeds, entries, missing, table = parse(path)
        total_programs += programs
        ranges.append(seeds)
        supported.add(entries)
        unexercised = missing if unexercised is None else unexercised & missing
        for key, n in table.items():
            counts[key] = counts.get(key, 0) + n
    ordered = sorted(ranges)
    overlaps = [(a, b) for a, b in zip(ordered, ordered[1:]) if b[0] <= a[1]]
    entries = max(supported)
    lines = [
        f"# JIT coverage of {total_programs} generated programs (seeds {ranges_text(ranges)}),"
        f" summed over {len(args.reports)} reports",
        "",
        f"{entries - len(unexercised)} of {entries} ops-registry entries exercised.",
    ]
    if len(supported) > 1:
        lines.append(f"(The reports' binaries had {sorted(supported)} entries: the largest is counted.)")
    if unexercised:
        lines.append("Unexercised: " + ", ".join(f"{c} `{k}`" for c, k in sorted(unexercised)) + ".")
    for category in sorted({c for c, _ in counts}):
        lines += ["", f"## {category}", "", "| key | count |", "|---|---:|"]
        for (c, key), n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            if c == category:
                lines.append(f"| `{key}` | {n} |")
    report = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(report)
    else:
        sys.stdout.write(report)
    for a, b in overlaps:
        print(f"merge_coverage: seed ranges {a[0]}..{a[1]} and {b[0]}..{b[1]} overlap", file=sys.stderr)
    print(
        f"merge_coverage: {total_programs} programs, {entries - len(unexercised)} of {entries} registry entries",
        file=sys.stderr,
    )
    return 1 if unexercised or overlaps else 0


if __name__ == "__main__":
    sys.exit(main())
