"""Memory per native specialization: runs memory/many_specializations.py (N distinct
functions, each compiled on its first call with PYNUM_JIT_THRESHOLD=0) at N and at a
base count B (1: the JIT's one-time set-up, its first compile, is in both), with the JIT
and with --no-jit, and prints the resident set size at the end of the script (VmRSS,
which the script prints to stderr) each way and

    per specialization = ((jit at N - jit at B) - (no-jit at N - no-jit at B)) / (N - B)

the JIT's whole cost of one specialization (typing, LIR, the backend's module and code,
the dispatcher's tables), the interpreter's cost of the functions themselves taken out.
Each figure is the smallest of --runs runs. The allocator grows its heap in steps, so
small N give uneven figures: use several hundred.

    python3 benches/jit_memory.py [--count 1000] [--base 1] [--runs 3] PYNUM_RUN...
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "memory", "many_specializations.py")


def final_resident_mb(command):
    """The VmRSS line the script writes to stderr as it ends, in MB."""
    child = subprocess.run(command, cwd=HERE, capture_output=True, text=True)
    lines = [line for line in child.stderr.splitlines() if line.startswith("VmRSS:")]
    if child.returncode != 0 or not lines:
        sys.exit(f"jit_memory.py: {' '.join(command)} exited with {child.returncode}: {child.stderr[-2000:]}")
    return int(lines[-1].split()[1]) / 1024


def smallest_resident(command, runs):
    return min(final_resident_mb(command) for _ in range(runs))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--base", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    # Compile at the first call; the children inherit it.
    os.environ["PYNUM_JIT_THRESHOLD"] = "0"
    print(f"resident set size at the end (MB), N = {args.count} and B = {args.base} specializations, smallest of {args.runs} runs")
    print(f"{'binary':<40}{'jit N':>9}{'jit B':>9}{'nojit N':>9}{'nojit B':>9}{'KB/spec':>9}")
    for binary in args.binaries:
        binary = os.path.abspath(binary)
        jit_n = smallest_resident([binary, SCRIPT, str(args.count)], args.runs)
        jit_0 = smallest_resident([binary, SCRIPT, str(args.base)], args.runs)
        nojit_n = smallest_resident([binary, "--no-jit", SCRIPT, str(args.count)], args.runs)
        nojit_0 = smallest_resident([binary, "--no-jit", SCRIPT, str(args.base)], args.runs)
        per_specialization = ((jit_n - jit_0) - (nojit_n - nojit_0)) * 1024 / (args.count - args.base)
        print(f"{binary[-40:]:<40}{jit_n:>9.1f}{jit_0:>9.1f}{nojit_n:>9.1f}{nojit_0:>9.1f}{per_specialization:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
