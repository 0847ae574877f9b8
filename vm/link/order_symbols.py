#!/usr/bin/env python3
"""Writes `vm/link/symbol-order.txt`, the order in which the linker lays out the functions
of `pynum-run` (`vm/build.rs` hands it to lld as `--symbol-ordering-file`).

Why: the kernel maps a program's code in windows of 64 KB around each page a run touches
(fault-around), and every mapped page counts in the process's resident memory. Start-up
touches a few hundred functions scattered over 27 MB of machine code, which mapped about
15 MB. Laid out together, the functions a run uses fill a few MB instead.

How: each workload below runs under valgrind's callgrind; every function of `pynum-run`
that executed is listed, grouped by the first workload that ran it (start-up first, then
the interpreter, then automatic mode's transform, then the JIT's compiles), most
expensive first within a group. Functions that no workload ran keep the linker's order
after them.

Assumes valgrind is installed and `pynum-run` was built with the current sources
(`./dev order-symbols` does both). Names are mangled symbols; a name that no longer exists
after a change is ignored by the linker (the layout degrades, the build does not fail).
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "vm", "link", "symbol-order.txt")

# (group, arguments to pynum-run). Paths are relative to the repository root. Each group
# should be what a kind of run touches beyond the groups before it.
WORKLOADS = [
    ("start-up", ["-c", "pass"]),
    ("interpreter", ["--no-jit", "benches/memory/ring_buffer.py", "1"]),
    ("interpreter", ["--no-jit", "benches/memory/dict_records.py"]),
    ("interpreter", ["--no-jit", "tests/py/01_classes_basic.py"]),
    ("interpreter", ["--no-jit", "tests/py/10_comprehensions.py"]),
    ("interpreter", ["--no-jit", "tests/py/11_exceptions_basic.py"]),
    ("interpreter", ["--no-jit", "tests/py/15_fstrings.py"]),
    # Automatic mode reads and transforms every module, but compiles only what gets hot:
    # nothing, in these.
    ("transform", ["benches/memory/ring_buffer.py", "1"]),
    ("transform", ["benches/memory/dict_records.py"]),
    ("transform", ["tests/py/01_classes_basic.py"]),
    ("jit", ["benches/memory/jit_loop.py"]),
    ("jit", ["tests/py/10_comprehensions.py"]),
    ("jit", ["tests/py/220_nested_lists.py"]),
    ("jit", ["tests/py/224_objects_with_fields.py"]),
    ("jit", ["tests/py/227_dicts_in_native_code.py"]),
]

NAME_DEFINITION = re.compile(r"\((\d+)\)(?: (.*))?")


def self_costs(profile_path, binary_name):
    """Instructions executed in each function of `binary_name`, from a callgrind profile
    (name compression on: `fn=(id) name` the first time, `fn=(id)` after)."""
    names = {"fn": {}, "ob": {}}
    costs = collections.Counter()
    function = None
    in_binary = False
    skip_call_cost = False
    with open(profile_path, errors="replace") as profile:
        for line in profile:
            if skip_call_cost:
                # The line after `calls=` is the callee's inclusive cost, not ours.
                skip_call_cost = False
                continue
            head = line[:1]
            if head.isdigit() or head in "+-*":
                if function is not None and in_binary:
                    fields = line.split()
                    if len(fields) > 1:
                        costs[function] += int(fields[1])
                continue
            key, _, rest = line.rstrip("\n").partition("=")
            if key in ("fn", "cfn", "ob", "cob"):
                match = NAME_DEFINITION.match(rest)
                if not match:
                    continue
                table = names[key.lstrip("c")]
                if match.group(2):
                    table[match.group(1)] = match.group(2)
                name = table.get(match.group(1), "")
                if key == "ob":
                    in_binary = os.path.basename(name) == binary_name
                elif key == "fn":
                    # Callgrind marks recursion depth as `name'2`.
                    function = re.sub(r"'\d+$", "", name)
                    if in_binary:
                        costs[function] += 0
            elif key == "calls":
                skip_call_cost = True
    return costs


def profile(binary, arguments, scratch):
    """The functions one workload runs: twice over, with a transform cache of its own,
    so that both a first run (the front end, writing the cache) and a later one (reading
    it) are seen."""
    key = "%d" % abs(hash(tuple(arguments)))
    # PYNUM_PREDICTABLE: what compiles must not depend on how fast valgrind runs.
    env = dict(os.environ, PYNUM_CACHE_DIR=os.path.join(scratch, "cache." + key),
               PYNUM_PREDICTABLE="1")
    costs = collections.Counter()
    for run in range(2):
        out = os.path.join(scratch, "callgrind.%s.%d.out" % (key, run))
        command = [
            "valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out,
            binary, *arguments,
        ]
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, timeout=1800)
        if not os.path.exists(out):
            sys.exit("order_symbols: valgrind failed on %s:\n%s" % (arguments, done.stderr[-2000:]))
        costs.update(self_costs(out, os.path.basename(binary)))
        if "--no-jit" in arguments or "-c" in arguments:
            break  # no transform, so nothing cached: a second run repeats the first
    return costs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pynum", required=True, help="the pynum-run binary to profile")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    binary = os.path.abspath(args.pynum)

    with tempfile.TemporaryDirectory() as scratch:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda w: profile(binary, w[1], scratch), WORKLOADS))

    group_costs = {}
    for (group, _), costs in zip(WORKLOADS, results):
        group_costs.setdefault(group, collections.Counter()).update(costs)
    listed = set()
    lines = [
        "# The layout of pynum-run's functions, written by vm/link/order_symbols.py",
        "# (./dev order-symbols); read by lld through vm/build.rs. Do not edit by hand.",
    ]
    for group, costs in group_costs.items():
        fresh = [name for name in costs if name not in listed and not name.startswith("0x")]
        fresh.sort(key=lambda name: (-costs[name], name))
        lines.append("# %s: %d functions" % (group, len(fresh)))
        lines.extend(fresh)
        listed.update(fresh)
    with open(OUTPUT, "w") as out:
        out.write("\n".join(lines) + "\n")
    print("order_symbols: %d functions in %s" % (len(listed), os.path.relpath(OUTPUT, ROOT)))


if __name__ == "__main__":
    main()
