"""Memory per native specialization: runs memory/many_specializations.py (N distinct
functions, each compiled on its first call with PYNUM_JIT_THRESHOLD=0) at N and at 0,
with the JIT and with --no-jit, and prints the peak resident set size each way and

    per specialization = ((jit at N - jit at 0) - (no-jit at N - no-jit at 0)) / N

the JIT's whole cost of one specialization (typing, LIR, the backend's module and code,
the dispatcher's tables), the interpreter's cost of the functions themselves taken out.
Each figure is the smallest of --runs runs.

    python3 benches/jit_memory.py [--count 200] [--runs 3] PYNUM_RUN...
"""

import argparse
import os
import sys

from memory import peak_of

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "memory", "many_specializations.py")


def smallest_peak(command, runs):
    peaks = []
    for _ in range(runs):
        peak, _, status, _ = peak_of(command, HERE)
        if status != 0:
            sys.exit(f"jit_memory.py: {' '.join(command)} exited with {status}")
        peaks.append(peak)
    return min(peaks)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    # Compile at the first call; the children inherit it.
    os.environ["PYNUM_JIT_THRESHOLD"] = "0"
    print(f"peak RSS (MB), {args.count} specializations, smallest of {args.runs} runs")
    print(f"{'binary':<40}{'jit N':>9}{'jit 0':>9}{'nojit N':>9}{'nojit 0':>9}{'KB/spec':>9}")
    for binary in args.binaries:
        binary = os.path.abspath(binary)
        jit_n = smallest_peak([binary, SCRIPT, str(args.count)], args.runs)
        jit_0 = smallest_peak([binary, SCRIPT, "0"], args.runs)
        nojit_n = smallest_peak([binary, "--no-jit", SCRIPT, str(args.count)], args.runs)
        nojit_0 = smallest_peak([binary, "--no-jit", SCRIPT, "0"], args.runs)
        per_specialization = ((jit_n - jit_0) - (nojit_n - nojit_0)) * 1024 / args.count
        print(f"{binary[-40:]:<40}{jit_n:>9.1f}{jit_0:>9.1f}{nojit_n:>9.1f}{nojit_0:>9.1f}{per_specialization:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
