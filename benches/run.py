"""Times Python scripts end to end under pynum-run and the interpreters it is compared
with (python3, and pypy3 when installed), median of several runs, and prints a table with
ratios against python3. Benchmarks are data: pass folders or files of .py scripts.

    python3 benches/run.py --pynum target/release/pynum-run [--runs 5] [--check] DIR_OR_FILE...

With no paths it times benches/programs/ and ../shared/bench/auto/ when present.
--check also verifies that every interpreter printed the same stdout as python3.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def real_python3():
    """The CPython binary itself, not a pyenv shim, so start-up is measured fairly."""
    return os.path.realpath(sys.executable) if sys.implementation.name == "cpython" else shutil.which("python3")


def scripts(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                # `_name.py`: a helper the benchmarks import, not one of them.
                if name.endswith(".py") and not name.startswith("_"):
                    yield os.path.join(path, name)
        elif os.path.isfile(path):
            yield path
        else:
            print(f"run.py: skipping missing {path}", file=sys.stderr)


def time_once(command, cwd):
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    return elapsed, done.returncode, done.stdout


def measure(command, cwd, runs):
    times, outputs = [], set()
    status = 0
    for _ in range(runs):
        elapsed, status, stdout = time_once(command, cwd)
        times.append(elapsed)
        outputs.add(stdout)
    return statistics.median(times), status, outputs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--pynum", default=os.path.join(HERE, "..", "target", "release", "pynum-run"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--check", action="store_true", help="fail when stdout differs from python3")
    parser.add_argument("--extra", action="append", default=[],
                        help="another column: NAME=COMMAND (e.g. 'nojit=target/release/pynum-run --no-jit')")
    args = parser.parse_args()

    paths = args.paths or [os.path.join(HERE, "programs"), os.path.join(HERE, "..", "..", "shared", "bench", "auto")]
    systems = [("python3", [real_python3()]), ("pynum", [os.path.abspath(args.pynum)])]
    for extra in args.extra:
        name, _, command = extra.partition("=")
        systems.append((name, command.split()))
    if shutil.which("pypy3"):
        systems.append(("pypy3", [shutil.which("pypy3")]))

    names = [name for name, _ in systems]
    # Speedups: python3's time over each system's, so "20.0x" reads "20 times faster".
    header = f"{'benchmark':<22}" + "".join(f"{n:>11}" for n in names) + "".join(f"{'py3/' + n:>13}" for n in names[1:])
    print(f"median of {args.runs} runs, whole process, seconds")
    print(header)
    print("-" * len(header))
    mismatches = []
    for script in scripts(paths):
        cwd = os.path.dirname(os.path.abspath(script))
        row = {}
        reference = None
        for name, command in systems:
            median, status, outputs = measure(command + [os.path.abspath(script)], cwd, args.runs)
            row[name] = median
            if name == "python3":
                reference = outputs
            elif args.check and (outputs != reference or status != 0):
                mismatches.append(f"{os.path.basename(script)}: {name} (exit {status})")
        ratios = "".join(f"{row['python3'] / row[n]:>12.1f}x" for n in names[1:])
        print(f"{os.path.basename(script)[:-3]:<22}" + "".join(f"{row[n]:>11.3f}" for n in names) + ratios, flush=True)
    if mismatches:
        print("output differs from python3:", *mismatches, sep="\n  ", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
