"""Tier 1 against Numba, in one run: end-to-end time of the `@njit` benchmark scripts
under pynum-run and under CPython with Numba, tier-1 compile time per function (from
pynum's --jit-log), and the call overhead of a compiled two-int function.

    python3 benches/tier1.py --pynum target/release/pynum-run --numba-python VENV/bin/python [--runs 3] [DIR]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, cwd, env=None):
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    return time.perf_counter() - start, done


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", nargs="?", default=os.path.join(HERE, "..", "..", "shared", "bench", "njit"))
    parser.add_argument("--pynum", default=os.path.join(HERE, "..", "target", "release", "pynum-run"))
    parser.add_argument("--numba-python", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    pynum = os.path.abspath(args.pynum)
    env = dict(os.environ, PYNUM_JIT_LOG="1")
    compile_ms = []
    print("median of %d runs, whole process, seconds" % args.runs)
    print("%-16s %10s %10s %12s  %s" % ("benchmark", "numba", "pynum", "pynum/numba", "same output"))
    ratios = []
    for name in sorted(f for f in os.listdir(args.folder) if f.endswith(".py")):
        script = os.path.join(args.folder, name)
        numba_times, pynum_times, outputs = [], [], set()
        for _ in range(args.runs):
            t, done = timed([args.numba_python, script], args.folder)
            numba_times.append(t)
            outputs.add(("numba", done.stdout))
            t, done = timed([pynum, script], args.folder, env)
            pynum_times.append(t)
            outputs.add(("pynum", done.stdout))
            compile_ms += [float(m) for m in re.findall(rb"tier=1 in ([0-9.]+) ms", done.stderr)]
        same = len({out for _, out in outputs}) == 1
        n, p = statistics.median(numba_times), statistics.median(pynum_times)
        ratios.append(p / n)
        print("%-16s %10.3f %10.3f %11.2fx  %s" % (name[:-3], n, p, p / n, "yes" if same else "NO"), flush=True)
    print("geometric mean pynum/numba: %.3f" % statistics.geometric_mean(ratios))
    if compile_ms:
        print("tier-1 compile time per specialization: median %.3f ms, max %.3f ms over %d compilations"
              % (statistics.median(compile_ms), max(compile_ms), len(compile_ms)))
    overhead = os.path.join(HERE, "call_overhead.py")
    # Automatic mode off: it would lift the script's empty baseline loop into native code.
    quiet_env = dict(os.environ, PYNUM_JIT="0")
    for label, command in [("pynum", [pynum, overhead]), ("numba", [args.numba_python, overhead])]:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=quiet_env)
        print("%s %s" % (label, done.stdout.strip() or done.stderr.strip().splitlines()[-1]))


if __name__ == "__main__":
    main()
