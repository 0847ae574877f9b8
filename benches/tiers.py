"""The tier report (issue 17, item 8): every kernel of ../shared/bench/auto timed in one run
under pynum at each tier cap, and under every system found beside it: CPython, PyPy,
Numba (the ../shared/bench/njit variant, under a Python that has numba), and the C
reference of benches/c/ built with `gcc -O2`. Writes a markdown table and an SVG chart of
each system's time over C's (or CPython's where there is no C reference).

    python3 benches/tiers.py --pynum target/release/pynum-run [--runs 3]
        [--numba-python PATH] [--out benches/results] [KERNEL...]

Each time is the median of --runs whole-process runs. pynum is also shown minus its
start-up (the median time of `pynum-run -c pass`), which is what the tiers change. Every
system's stdout must equal python3's, or the run fails. A tier cap pynum-run does not
accept (`--tier=2` on a build without tier 2) is left out, as is a system that is absent.

Tier 2 is shown twice: "first run" starts every run with an empty tier-2 code cache (a
program run for the first time: tier 1, and tier 2 only for a call that runs 100 ms),
and "cached" runs with a cache that one unmeasured run of the kernel filled (every later
run of the same program: tier-2 code from the start, `pynum_llvm_loader::code_cache`;
the first run's exit starts a process that compiles what ran long at tier 1).

A second table gives tier 2's cost on each kernel: each specialization's LLVM compile
time, and the longest the main thread paused for tier 2 (see `tier2_costs`).
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))


def real_python3():
    """The CPython binary itself, not a pyenv shim, so start-up is measured fairly."""
    return os.path.realpath(sys.executable) if sys.implementation.name == "cpython" else shutil.which("python3")


def run_once(command, cwd):
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return time.perf_counter() - start, done.returncode, done.stdout


def median_time(command, cwd, runs, before=None):
    """(median seconds, exit status, stdout of the last run); `before` runs before each."""
    times, status, stdout = [], 0, b""
    for _ in range(runs):
        if before:
            before()
        elapsed, status, stdout = run_once(command, cwd)
        times.append(elapsed)
    return statistics.median(times), status, stdout


def settle(pynum):
    """Time for a process that fills pynum's code cache after an exit to end (it
    compiles a few modules with LLVM, 50 to 150 ms each), so that it runs beside no
    measured run; then one `-c pass`, so that the measured run does not start on an idle
    machine (after the pause alone, runs took 3 to 15 ms longer than runs back to back)."""
    time.sleep(1.5)
    subprocess.run([pynum, "-c", "pass"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def accepts(command):
    return subprocess.run(command + ["-c", "pass"], capture_output=True).returncode == 0


COMPILED_TIER2 = re.compile(r"^pynum-jit: compiled (\S+)\(.*\) tier=2 in ([0-9.]+) ms(.*)$")
TIER2_STATS = re.compile(r"tier 2: (\d+) recompiled .* longest main-thread pause ([0-9.]+) ms")


def tier2_costs(pynum, kernel_path, runs):
    """What tier 2 costs on one kernel, from pynum's own log and stats:
    - every specialization's LLVM compile time (ms), from a run that compiles tier 2 on
      the main thread right after tier 1 (`PYNUM_SYNC_COMPILE=1`), so that every region
      reaching tier 1 is timed; and
    - the longest the main thread paused for tier 2 over `runs` runs: asking for a
      compile, installing the code the compile thread made at the next call, moving a
      running loop up (`JitCounters::count_tier2_pause`, timed around those steps on the
      main thread; `--jit-stats` prints the longest). These runs let counts decide
      (tier 2 asked for at the first safepoint, compiled in the background, no code
      cache), so that the swap happens while the kernel runs, and log nothing (writing
      the log is not part of a swap); with the default policy these kernels end before
      a compile would finish and leave tier 2 to the code cache.
    Returns (compile times, swaps or moves seen in the pause runs, longest pause)."""
    cwd = os.path.dirname(kernel_path)
    counted = dict(os.environ, PYNUM_JIT_THRESHOLD="1", PYNUM_CODE_CACHE="0")
    done = subprocess.run([pynum, "--tier=2", "--jit-log", kernel_path], cwd=cwd,
                          env=dict(counted, PYNUM_SYNC_COMPILE="1"), capture_output=True, text=True)
    compiles = [float(m[2]) for m in map(COMPILED_TIER2.match, done.stderr.splitlines())
                if m and "code cache" not in m[3]]
    swaps, pauses = 0, []
    for _ in range(runs):
        done = subprocess.run([pynum, "--tier=2", "--jit-stats", kernel_path], cwd=cwd, env=counted,
                              capture_output=True, text=True)
        for m in map(TIER2_STATS.search, done.stderr.splitlines()):
            if m:
                swaps += int(m[1])
                pauses.append(float(m[2]))
    return compiles, swaps, (max(pauses) if pauses else None)


def build_c_references(build_dir):
    """Each benches/c/NAME.c compiled with gcc -O2; NAME -> executable."""
    built = {}
    gcc = shutil.which("gcc")
    if not gcc:
        return built
    for name in sorted(os.listdir(os.path.join(HERE, "c"))):
        if name.endswith(".c"):
            exe = os.path.join(build_dir, name[:-2])
            if subprocess.run([gcc, "-O2", "-o", exe, os.path.join(HERE, "c", name)]).returncode == 0:
                built[name[:-2]] = exe
    return built


def svg_chart(rows, systems, baseline_of):
    """Horizontal bars, one group per kernel: each system's time over the baseline's
    (C's, or CPython's), on a log scale so that 0.5x and 200x both read."""
    import math

    colours = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7"]
    bar, gap, left, width = 14, 12, 150, 520
    ratios = [
        row[s] / row[baseline_of(row)] for row in rows for s in systems if row.get(s) and row.get(baseline_of(row))
    ]
    if not ratios:
        return ""
    low = math.floor(math.log10(min(min(ratios), 1.0)))
    high = math.ceil(math.log10(max(ratios)))
    high = max(high, low + 1)

    def x(ratio):
        return left + (math.log10(ratio) - low) / (high - low) * width

    height = 40 + len(rows) * (len(systems) * bar + gap) + 20 * len(systems) + 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 80}" height="{height}" '
        'font-family="sans-serif" font-size="11">',
        f'<text x="{left}" y="16" font-size="13">time over C -O2 (CPython where no C reference), log scale; shorter is faster</text>',
    ]
    for decade in range(low, high + 1):
        px = x(10.0**decade)
        out.append(f'<line x1="{px:.1f}" y1="24" x2="{px:.1f}" y2="{height - 20 * len(systems) - 10}" stroke="#ccc"/>')
        out.append(f'<text x="{px:.1f}" y="34" text-anchor="middle">{10.0**decade:g}x</text>')
    y = 40
    for row in rows:
        out.append(f'<text x="{left - 6}" y="{y + len(systems) * bar / 2 + 4:.1f}" text-anchor="end">{row["kernel"]}</text>')
        for i, system in enumerate(systems):
            base = row.get(baseline_of(row))
            if row.get(system) and base:
                ratio = row[system] / base
                out.append(
                    f'<rect x="{left}" y="{y}" width="{max(x(ratio) - left, 1):.1f}" height="{bar - 2}" fill="{colours[i % len(colours)]}"/>'
                )
                out.append(f'<text x="{x(ratio) + 3:.1f}" y="{y + bar - 4}">{ratio:.2f}x</text>')
            y += bar
        y += gap
    for i, system in enumerate(systems):
        out.append(f'<rect x="{left}" y="{y + 20 * i}" width="12" height="12" fill="{colours[i % len(colours)]}"/>')
        out.append(f'<text x="{left + 18}" y="{y + 20 * i + 10}">{system}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernels", nargs="*", help="names in ../shared/bench/auto (default: all)")
    parser.add_argument("--pynum", default=os.path.join(HERE, "..", "target", "release", "pynum-run"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--numba-python", help="a Python with numba, for ../shared/bench/njit")
    parser.add_argument("--out", default=os.path.join(HERE, "results"))
    args = parser.parse_args()

    auto = os.path.join(SHARED, "auto")
    kernels = args.kernels or sorted(n[:-3] for n in os.listdir(auto) if n.endswith(".py"))
    pynum = os.path.abspath(args.pynum)
    systems = [("CPython", lambda k: [real_python3(), os.path.join(auto, k + ".py")])]
    if shutil.which("pypy3"):
        systems.append(("PyPy", lambda k: [shutil.which("pypy3"), os.path.join(auto, k + ".py")]))
    caches = tempfile.mkdtemp(prefix="pynum-tier2-cache-")
    first_run_cache = os.path.join(caches, "first-run")
    tiers = [
        ("pynum tier 0", [], ["--tier=0"]),
        ("pynum tier 1", [], ["--tier=1"]),
        ("pynum tier 2 first run", ["env", f"PYNUM_CODE_CACHE_DIR={first_run_cache}"], ["--tier=2"]),
        ("pynum tier 2 cached", ["env", f"PYNUM_CODE_CACHE_DIR={os.path.join(caches, 'kept')}"], ["--tier=2"]),
    ]
    if not accepts([pynum, "--tier=1"]):
        tiers = [("pynum tier 0", [], ["--no-jit"]), ("pynum tier 1", [], [])]
    for name, prefix, flags in tiers:
        if accepts([pynum] + flags):
            systems.append(
                (name, lambda k, prefix=prefix, flags=flags: prefix + [pynum] + flags + [os.path.join(auto, k + ".py")])
            )
    if args.numba_python:
        njit = os.path.join(SHARED, "njit")
        systems.append(("Numba", lambda k: [args.numba_python, os.path.join(njit, k + ".py")]))
    build_dir = tempfile.mkdtemp(prefix="pynum-c-")
    c_refs = build_c_references(build_dir)
    if c_refs:
        systems.append(("C -O2", lambda k: [c_refs[k]] if k in c_refs else None))
    names = [name for name, _ in systems]

    start_up, _, _ = median_time([pynum, "-c", "pass"], HERE, max(args.runs, 5))
    print(f"median of {args.runs} runs, whole process, seconds; pynum start-up {start_up * 1e3:.1f} ms")
    print(f"{'kernel':<16}" + "".join(f"{n:>14}" for n in names))
    rows, mismatches = [], []
    for kernel in kernels:
        row = {"kernel": kernel}
        reference = None
        for name, command_of in systems:
            command = command_of(kernel)
            if command is None or not os.path.exists(command[-1] if name != "C -O2" else command[0]):
                continue
            cwd = os.path.dirname(command[-1])
            if name.endswith("cached"):
                run_once(command, cwd)
                settle(pynum)
            before = None
            if name.endswith("first run"):
                # Each run with an empty cache; the process its exit started to fill it
                # (pynum_llvm_loader::code_cache::fill_in_background) is let finish first.
                def before():
                    settle(pynum)
                    shutil.rmtree(first_run_cache, ignore_errors=True)
            seconds, status, stdout = median_time(command, cwd, args.runs, before)
            if name == "CPython":
                reference = stdout
            elif stdout != reference or status != 0:
                mismatches.append(f"{kernel}: {name} printed {stdout!r} (exit {status}), CPython {reference!r}")
                continue
            row[name] = seconds
        rows.append(row)
        print(f"{kernel:<16}" + "".join(f"{row[n]:>14.3f}" if n in row else f"{'-':>14}" for n in names), flush=True)

    tier_names = [n for n in names if n.startswith("pynum")]
    lines = [
        f"Median of {args.runs} whole-process runs, seconds. pynum's start-up (`-c pass`) is "
        f"{start_up * 1e3:.1f} ms; \"minus start-up\" subtracts it. Ratios are over C -O2.",
        "",
        "| kernel | " + " | ".join(names) + " | " + " | ".join(f"{n} minus start-up / C" for n in tier_names) + " |",
        "|---|" + "---|" * (len(names) + len(tier_names)),
    ]
    for row in rows:
        cells = [f"{row[n]:.3f}" if n in row else "-" for n in names]
        c = row.get("C -O2")
        ratio_cells = [f"{max(row[n] - start_up, 0.0) / c:.2f}x" if c and n in row else "-" for n in tier_names]
        lines.append(f"| {row['kernel']} | " + " | ".join(cells) + " | " + " | ".join(ratio_cells) + " |")
    if "pynum tier 2 cached" in names:
        lines += [
            "",
            "Tier 2's cost per kernel. Compiles: LLVM (O3 and code generation) per specialization,"
            " from a run compiling tier 2 on the main thread right after tier 1"
            " (`PYNUM_SYNC_COMPILE=1 PYNUM_JIT_THRESHOLD=1`). Pause: the longest the main thread"
            " stopped for tier 2 (asking for a compile, installing its code at the next call,"
            " moving a running loop up; timed around those steps, `--jit-stats`) over"
            f" {args.runs} runs in which counts decide (`PYNUM_JIT_THRESHOLD=1`, no code cache):"
            " tier 2 is asked for at once and compiled in the background while the kernel runs;"
            " \"swaps\" counts the tier-2 code those runs installed.",
            "",
            "| kernel | tier-2 compiles (ms) | swaps | longest main-thread pause (ms) |",
            "|---|---|---:|---:|",
        ]
        every_compile, every_pause = [], []
        for kernel in kernels:
            compiles, swaps, pause = tier2_costs(pynum, os.path.join(auto, kernel + ".py"), args.runs)
            every_compile += compiles
            if pause is not None:
                every_pause.append(pause)
            shown = ", ".join(f"{c:.1f}" for c in compiles) or "-"
            lines.append(f"| {kernel} | {shown} | {swaps} | {'-' if pause is None else f'{pause:.3f}'} |")
            print(f"{kernel}: tier-2 compiles {shown} ms, {swaps} swaps, longest pause {pause} ms", flush=True)
        if every_compile:
            lines += [
                "",
                f"Over the {len(every_compile)} tier-2 compiles: median {statistics.median(every_compile):.1f} ms,"
                f" worst {max(every_compile):.1f} ms. Longest main-thread pause over all kernels and runs:"
                f" {max(every_pause, default=0.0):.3f} ms.",
            ]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "tiers.md"), "w", encoding="utf-8") as table:
        table.write("\n".join(lines) + "\n")
    chart = svg_chart(rows, [n for n in names if n != "C -O2"], lambda row: "C -O2" if "C -O2" in row else "CPython")
    with open(os.path.join(args.out, "tiers.svg"), "w", encoding="utf-8") as svg:
        svg.write(chart)
    print(f"wrote {os.path.join(args.out, 'tiers.md')} and tiers.svg")
    shutil.rmtree(build_dir, ignore_errors=True)
    shutil.rmtree(caches, ignore_errors=True)
    if mismatches:
        print("output differs from CPython:", *mismatches, sep="\n  ", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
