"""Peak memory of Python scripts under python3 and pynum-run (JIT on and off), in one
run: each script runs once per interpreter and the table gives the peak resident set
size (the child's ru_maxrss), the time, and pynum's peak over python3's.

    python3 benches/memory.py [--pynum target/release/pynum-run] [DIR_OR_FILE...]

With no paths it runs benches/memory/ (cycles of several lifetimes, the ring buffer of
issue 12, many small objects in lists, dict-heavy records, a JIT-heavy loop, a thousand
small compiled functions). A first line `# args: ...` gives a script its arguments.
Exits 1 when an interpreter's stdout differs from python3's.
"""

import argparse
import os
import shlex
import subprocess
import sys
import time

from run import real_python3, scripts

HERE = os.path.dirname(os.path.abspath(__file__))


def script_arguments(path):
    with open(path, encoding="utf-8") as source:
        first = source.readline()
    return shlex.split(first[len("# args:"):]) if first.startswith("# args:") else []


def peak_of(command, cwd):
    """Runs `command` and returns (peak RSS in MB, seconds, exit status, stdout)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    stdout = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.perf_counter() - start
    return usage.ru_maxrss / 1024, elapsed, child.returncode, stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--pynum", default=os.path.join(HERE, "..", "target", "release", "pynum-run"))
    args = parser.parse_args()

    pynum = os.path.abspath(args.pynum)
    systems = [("python3", [real_python3()]), ("pynum", [pynum]), ("nojit", [pynum, "--no-jit"])]
    header = f"{'benchmark':<20}" + "".join(f"{name + ' MB':>12}{'s':>7}" for name, _ in systems)
    header += "".join(f"{name + '/py3':>12}" for name, _ in systems[1:])
    print("peak resident set size (MB) and wall time (s), one run each")
    print(header)
    print("-" * len(header))
    mismatches = []
    for path in scripts(args.paths or [os.path.join(HERE, "memory")]):
        path = os.path.abspath(path)
        name = os.path.splitext(os.path.basename(path))[0]
        extra = script_arguments(path)
        row, peaks, expected = f"{name:<20}", [], None
        for system, command in systems:
            peak, elapsed, status, stdout = peak_of(command + [path] + extra, os.path.dirname(path))
            if expected is None:
                expected = (status, stdout)
            elif (status, stdout) != expected:
                mismatches.append(f"{name} under {system}")
            peaks.append(peak)
            row += f"{peak:>12.1f}{elapsed:>7.2f}"
        row += "".join(f"{peak / peaks[0]:>11.2f}x" for peak in peaks[1:])
        print(row, flush=True)
    if mismatches:
        print("stdout or status differs from python3:", ", ".join(mismatches), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
