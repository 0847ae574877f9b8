"""The differential fuzzer's runner (issue 14, items 2, 3 and 7).

    python3 tests/fuzz/run.py --pynum target/release/pynum-run --count 2000 --seed 1

generates programs for seeds SEED .. SEED+COUNT-1 (tests/fuzz/gen.py), runs them in
batches (tests/fuzz/driver.py: one interpreter process, many imported modules) under
python3, `pynum-run --no-jit` and `pynum-run` with PYNUM_JIT_THRESHOLD unset, =0 and =2,
and at tier 2 synchronously (compiled before the first call, or moved mid-call),
and compares each program's stdout and escaping exception exactly, up to the wording
differences of tests/known_message_differences.tsv. A program that crashes the
interpreter or runs past --timeout seconds is a divergence too (the batch restarts after it),
unless, run alone with four times the timeout, it matches CPython under every policy that
timed out: then it is reported as slow, not diverging (CPython itself takes seconds on some).

A divergence is shrunk (delta debugging over lines, then each parenthesized expression replaced
by one of its operands or a constant, then constant simplification), checked
as a standalone script (stdout, last stderr line, exit status), deduplicated by its first
diverging output line and the JIT event logged last before it (`--jit-log`, names and
numbers masked), and written to --out (tests/fuzz/regressions/ by default) with its
seed and the policies that diverge in a comment. It is classified as an interpreter
difference when `--no-jit` already differs from CPython, else as a JIT bug.

Prints programs per second and the divergences; exits 1 when it found any.
"""
import argparse
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "driver.py")

# (CPython 3.11, pynum) wordings, shared with tests/support.rs.
with open(os.path.join(HERE, "..", "known_message_differences.tsv"), encoding="utf-8") as table:
    _PAIRS = [tuple(line.rstrip("\n").split("\t", 1)) for line in table if line.strip() and not line.startswith("#")]
KNOWN_MESSAGE_DIFFERENCES = [(c, p) for c, p in _PAIRS if not p.startswith("re:")]
# pynum's words as patterns (3.14's messages that name the input), with CPython's words.
KNOWN_MESSAGE_PATTERNS = [(re.compile(p[len("re:"):]), c) for c, p in _PAIRS if p.startswith("re:")]
CPYTHON = "cpython"
POLICIES = {
    # name: (extra arguments, environment changes)
    "no-jit": (["--no-jit"], {}),
    "default": ([], {}),
    "threshold0": ([], {"PYNUM_JIT_THRESHOLD": "0"}),
    "threshold2": ([], {"PYNUM_JIT_THRESHOLD": "2"}),
    # Tier 2 compiled before the first call, synchronously: LLVM's code on every
    # program, deterministically (in the background, whether it runs depends on timing).
    "tier2sync": ([], {"PYNUM_JIT_THRESHOLD": "0", "PYNUM_SYNC_COMPILE": "1"}),
    # Tier-1 code first, then each loop of a first tier-1 call moves to tier 2 at its
    # first back edge (on-stack replacement between tiers: the state carried across).
    "tier2osr": ([], {"PYNUM_JIT_THRESHOLD": "1", "PYNUM_SYNC_COMPILE": "1"}),
}


def normalize(text):
    """CPython's wording of the messages pynum words as Python 3.14 does, in pynum's words."""
    for cpython_words, pynum_words in KNOWN_MESSAGE_DIFFERENCES:
        text = text.replace(cpython_words, pynum_words)
    return text


def normalize_pynum(text):
    """pynum's messages that name their input (3.14's `math` domain errors), in CPython's
    words then through `normalize`, so that both sides meet in one wording."""
    for pattern, cpython_words in KNOWN_MESSAGE_PATTERNS:
        text = pattern.sub(cpython_words, text)
    return normalize(text)


def clean_env(extra):
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONSTARTUP", "PYNUM_JIT_THRESHOLD", "PYNUM_JIT", "PYNUM_JIT_LOG", "PYNUM_JIT_STATS"):
        env.pop(name, None)
    env.update({"PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8", "PYTHONDONTWRITEBYTECODE": "1"})
    # A campaign is reproducible from its seeds alone: no tier-2 code kept by earlier runs
    # (the differential suite's tier-2 runs test the code cache).
    env["PYNUM_CODE_CACHE"] = "0"
    env.update(extra)
    return env


def command_for(config, args):
    if config == CPYTHON:
        return [args.python] + ["-B"], clean_env({})
    extra_args, extra_env = POLICIES[config]
    if args.coverage_dir:
        extra_env = dict(extra_env, PYNUM_JIT_COVERAGE=args.coverage_dir)
    return [args.pynum] + extra_args, clean_env(extra_env)


def coverage_report(directory, programs, seeds):
    """Sums the `cov-<pid>.tsv` files pynum-run wrote (PYNUM_JIT_COVERAGE) into a Markdown
    report: per category, each key and how often compiled code (or the JIT's events)
    reached it, and the registry entries ("supported") nothing reached."""
    counts, supported = {}, set()
    for name in os.listdir(directory):
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if fields[0] == "supported":
                    supported.add((fields[1], fields[2]))
                elif len(fields) == 3:
                    key = (fields[0], fields[1])
                    counts[key] = counts.get(key, 0) + int(fields[2])
    unexercised = sorted(entry for entry in supported if entry not in counts)
    lines = [f"# JIT coverage of {programs} generated programs (seeds {seeds})", ""]
    lines.append(f"{len(supported) - len(unexercised)} of {len(supported)} ops-registry entries exercised.")
    if unexercised:
        lines.append("Unexercised: " + ", ".join(f"{c} `{k}`" for c, k in unexercised) + ".")
    for category in sorted({c for c, _ in counts}):
        lines += ["", f"## {category}", "", "| key | count |", "|---|---:|"]
        for (c, key), n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            if c == category:
                lines.append(f"| `{key}` | {n} |")
    return "\n".join(lines) + "\n", len(supported), unexercised


def run_batch(config, paths, args, workdir):
    """{path: (stdout, exception)} for every program; crashes and hangs are outcomes too."""
    results = {}
    remaining = list(paths)
    while remaining:
        listing = os.path.join(workdir, f"list-{config}-{os.getpid()}-{time.monotonic_ns()}.txt")
        with open(listing, "w") as f:
            f.write("\n".join(remaining) + "\n")
        command, env = command_for(config, args)
        process = subprocess.Popen(command + [DRIVER, listing], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=workdir)
        buffer = b""
        done = 0
        deadline = time.monotonic() + args.timeout + 5  # start-up included once
        timed_out = False
        while True:
            wait = deadline - time.monotonic()
            if wait <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([process.stdout], [], [], wait)
            if not ready:
                continue
            chunk = os.read(process.stdout.fileno(), 1 << 16)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                record = json.loads(line)
                results[record["path"]] = (record["stdout"], record["exception"])
                done += 1
                deadline = time.monotonic() + args.timeout
        if timed_out:
            process.kill()
        _, stderr = process.communicate()
        os.unlink(listing)
        if done < len(remaining):
            culprit = remaining[done]
            if timed_out:
                results[culprit] = ("", f"<timeout after {args.timeout}s>")
            else:
                last = stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
                results[culprit] = ("", f"<interpreter exited with status {process.returncode}: {last[0]}>")
            remaining = remaining[done + 1:]
        else:
            remaining = []
    return results


def first_difference(expected, actual):
    expected_lines, actual_lines = expected.splitlines(), actual.splitlines()
    for index in range(max(len(expected_lines), len(actual_lines))):
        e = expected_lines[index] if index < len(expected_lines) else "<end of output>"
        a = actual_lines[index] if index < len(actual_lines) else "<end of output>"
        if e != a:
            return e, a
    return "<same output>", "<same output>"


def diverging_policies(outcomes):
    """The pynum policies whose outcome differs from CPython's (normalized)."""
    expected = (normalize(outcomes[CPYTHON][0]), normalize(outcomes[CPYTHON][1]))
    return [p for p in POLICIES if (normalize_pynum(outcomes[p][0]), normalize_pynum(outcomes[p][1])) != expected]


# ----- standalone runs, for shrinking and for the reproducer's final check -----

def run_standalone(config, source, args, workdir, timeout=None):
    path = os.path.join(workdir, "candidate.py")
    with open(path, "w") as f:
        f.write(source)
    command, env = command_for(config, args)
    timeout = timeout or min(args.timeout, 5)
    try:
        done = subprocess.run(command + [path], capture_output=True, env=env, cwd=workdir, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ("", "<timeout>", -1)
    stderr_lines = [line for line in done.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    last = stderr_lines[-1] if stderr_lines else ""
    status = done.returncode if done.returncode >= 0 else 128 - done.returncode
    return (done.stdout.decode("utf-8", "replace"), last, status)


class Shrinker:
    def __init__(self, policy, args, workdir, kept_difference=None):
        self.policy, self.args, self.workdir = policy, args, workdir
        # The masked first diverging line pair that every candidate must keep: without it,
        # shrinking drifts to whichever other difference is easiest to keep.
        self.kept_difference = kept_difference
        self.cache = {}
        self.tests = 0
        self.deadline = time.monotonic() + args.shrink_seconds

    def outcomes(self, source):
        if source not in self.cache:
            self.tests += 1
            cpython = run_standalone(CPYTHON, source, self.args, self.workdir)
            cpython = (normalize(cpython[0]), normalize(cpython[1]), cpython[2])
            pynum = run_standalone(self.policy, source, self.args, self.workdir)
            pynum = (normalize_pynum(pynum[0]), normalize_pynum(pynum[1]), pynum[2])
            self.cache[source] = (cpython, pynum)
        return self.cache[source]

    def diverges(self, source):
        try:
            compile(source, "candidate.py", "exec")
        except (SyntaxError, ValueError):
            return False
        if self.tests >= self.args.shrink_budget or time.monotonic() > self.deadline:
            return False
        cpython, pynum = self.outcomes(source)
        if cpython == pynum:
            return False
        if self.kept_difference is None:
            self.kept_difference = standalone_difference(cpython, pynum)
        return standalone_difference(cpython, pynum) == self.kept_difference

    def shrink_lines(self, lines):
        chunk = max(len(lines) // 2, 1)
        while chunk >= 1:
            start = 0
            changed = False
            while start < len(lines):
                candidate = lines[:start] + lines[start + chunk:]
                if candidate and self.diverges("\n".join(candidate) + "\n"):
                    lines = candidate
                    changed = True
                else:
                    start += chunk
            if not changed:
                chunk //= 2
        return lines

    def simplify_constants(self, source):
        literal = re.compile(r"(?<![\w.])(\d+\.\d*(?:e[+-]?\d+)?|\d+e[+-]?\d+|\d+|INF|NAN|True|False)(?![\w.])")
        position = 0
        while True:
            match = literal.search(source, position)
            if not match:
                return source
            replaced = False
            for simpler in ("0", "1", "2", "0.0", "1.0"):
                if simpler == match.group(0):
                    break
                candidate = source[:match.start()] + simpler + source[match.end():]
                if self.diverges(candidate):
                    source = candidate
                    replaced = True
                    break
            position = match.start() + (len(simpler) if replaced else len(match.group(0)))

    def simplify_expressions(self, source):
        """Each parenthesized expression (not a call's argument list), outermost first,
        replaced by one of its operands or by a constant, while the divergence stays."""
        position = 0
        while True:
            start = source.find("(", position)
            if start < 0:
                return source
            end = matching_parenthesis(source, start)
            if end is None or (start > 0 and (source[start - 1].isalnum() or source[start - 1] in "_)]")):
                position = start + 1
                continue
            inner = source[start + 1:end]
            replaced = False
            for simpler in operands(inner) + ["0", "1", "0.0"]:
                candidate = source[:start] + "(" + simpler + ")" + source[end + 1:]
                if len(candidate) < len(source) and self.diverges(candidate):
                    source, replaced = candidate, True
                    break
            # A replacement is shorter: looking at the same place again ends.
            position = start if replaced else start + 1

    def shrink(self, source):
        lines = self.shrink_lines(source.splitlines())
        source = "\n".join(lines) + "\n"
        source = self.simplify_expressions(source)
        source = self.simplify_constants(source)
        # Simpler expressions and constants may let more lines go.
        return "\n".join(self.shrink_lines(source.splitlines())) + "\n"


def top_level(text, start=0):
    """`(index, character, depth)` for each character of `text` from `start` outside
    string quotes, `depth` counting the brackets open around it (after an opening one,
    before a closing one)."""
    depth, quote = 0, None
    for index in range(start, len(text)):
        c = text[index]
        if quote:
            quote = None if c == quote else quote
            continue
        if c in "'\"":
            quote = c
            continue
        if c in "([{":
            depth += 1
        yield index, c, depth
        if c in ")]}":
            depth -= 1


def matching_parenthesis(text, start):
    """The index of the `)` closing the `(` at `start` (brackets and quotes respected)."""
    for index, c, depth in top_level(text, start):
        if c == "\n":
            return None
        if c in ")]}" and depth == 1:
            return index if c == ")" else None
    return None


BINARY_WORDS = [" if ", " else ", " or ", " and ", " not in ", " in ", " is not ", " is ", " <= ", " >= ", " == ",
                " != ", " < ", " > ", " | ", " ^ ", " & ", " << ", " >> ", " + ", " - ", " * ", " // ", " / ",
                " % ", " ** "]


def operands(expression):
    """The operands of an expression's first top-level binary operator (the generator
    spaces every binary operator), or of a leading unary one: simpler expressions that
    may keep a divergence."""
    for index, c, depth in top_level(expression):
        if depth == 0:
            for word in BINARY_WORDS:
                if expression.startswith(word, index):
                    left, right = expression[:index].strip(), expression[index + len(word):].strip()
                    return [part for part in (left, right) if part]
    stripped = expression.strip()
    for prefix in ("not ", "-", "+", "~"):
        if stripped.startswith(prefix) and len(stripped) > len(prefix):
            return [stripped[len(prefix):].strip()]
    return []


def mask_numbers(text):
    return re.sub(r"-?\d+(\.\d+)?(e[+-]?\d+)?", "#", text)


def slow_but_same(source, outcomes, policies, args, workdir):
    """Whether every diverging policy only ran past the timeout in its batch and, run alone
    with four times the timeout, prints and raises what CPython does: a slow program on a
    busy machine (one CPython itself takes 6 s to run, say), not a divergence."""
    if not all(outcomes[p][1].startswith("<timeout") for p in policies):
        return False
    patient = 4 * args.timeout
    cpython = run_standalone(CPYTHON, source, args, workdir, timeout=patient)
    expected = (normalize(cpython[0]), normalize(cpython[1]), cpython[2])
    for policy in policies:
        pynum = run_standalone(policy, source, args, workdir, timeout=patient)
        if (normalize_pynum(pynum[0]), normalize_pynum(pynum[1]), pynum[2]) != expected:
            return False
    return True


def standalone_difference(cpython, pynum):
    """The first diverging line of two standalone outcomes, numbers masked."""
    expected, actual = first_difference(f"{cpython[0]}\n{cpython[1]}\nstatus {cpython[2]}", f"{pynum[0]}\n{pynum[1]}\nstatus {pynum[2]}")
    return mask_numbers(expected), mask_numbers(actual)


def dedup_key(kind, policies, first_line, event):
    return f"{kind} [{','.join(policies)}] " + mask_numbers(first_line) + f" after {event}"


def event_class(line):
    """A `--jit-log` line without what it is about (names differ between programs) and
    with numbers masked: `deoptimized f3(int64): int overflow at line 7 (1 so far)` is
    `deoptimized: int overflow at line #`."""
    text = line[len("pynum-jit: "):]
    verb = re.match(r"(compiled|rejected|deoptimized|transformed|not transformed|on-stack replacement|swapped)", text)
    if not verb:
        return mask_numbers(text)
    rest = text.split(": ", 1)[1] if ": " in text else ""
    rest = re.sub(r" \(\d+ so far\)$", "", rest)
    if verb.group(1) in ("compiled", "swapped"):
        tier = re.search(r"tier[= ](\d)", text)
        return f"{verb.group(1)} tier {tier.group(1) if tier else '?'}"
    return mask_numbers(f"{verb.group(1)}: {rest}" if rest and verb.group(1) != "transformed" else verb.group(1))


def preceding_jit_event(source, policy, expected_stdout, args, workdir):
    """The JIT event logged last before the first line of output that differs from
    CPython's, running `source` standalone and unbuffered under `policy` with
    `--jit-log` (stderr merged into stdout in order); `none` when no event preceded it."""
    path = os.path.join(workdir, "events.py")
    with open(path, "w") as f:
        f.write(source)
    command, env = command_for(policy, args)
    try:
        done = subprocess.run(command + ["-u", "--jit-log", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env=env, cwd=workdir, timeout=min(args.timeout, 5))
    except subprocess.TimeoutExpired:
        return "a timeout"
    expected = expected_stdout.splitlines()
    last_event, index = "none", 0
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        if line.startswith("pynum-jit: "):
            last_event = event_class(line)
            continue
        if index >= len(expected) or normalize_pynum(line) != expected[index]:
            break
        index += 1
    return last_event


def existing_keys(out_dir):
    keys = set()
    if os.path.isdir(out_dir):
        for name in os.listdir(out_dir):
            if name.endswith(".py"):
                with open(os.path.join(out_dir, name)) as f:
                    for line in f:
                        if line.startswith("# key: "):
                            keys.add(line[len("# key: "):].rstrip("\n"))
    return keys


def report_divergence(seed, source, outcomes, policies, args, workdir, seen_keys):
    kind = "interpreter difference" if "no-jit" in policies else "JIT bug"
    policy = policies[0]
    cpython_text = normalize(outcomes[CPYTHON][0]) + "\n" + normalize(outcomes[CPYTHON][1])
    pynum_text = normalize_pynum(outcomes[policy][0]) + "\n" + normalize_pynum(outcomes[policy][1])
    expected_line, actual_line = first_difference(cpython_text, pynum_text)
    event = preceding_jit_event(source, policy, normalize(outcomes[CPYTHON][0]), args, workdir)
    key = dedup_key(kind, policies, expected_line + " | " + actual_line, event)
    sys.stdout.flush()
    print(f"DIVERGENCE seed {seed} ({kind}; policies {', '.join(policies)})", flush=True)
    print(f"  cpython: {expected_line}\n  pynum:   {actual_line}\n  after JIT event: {event}", flush=True)
    if key in seen_keys:
        print(f"  duplicate of an earlier divergence ({key})")
        return None
    seen_keys.add(key)
    if args.no_shrink:
        return None
    shrinker = Shrinker(policy, args, workdir)
    if shrinker.diverges(source):
        # Keep the divergence the batch saw when the standalone run shows it first.
        cpython, pynum = shrinker.outcomes(source)
        first = standalone_difference(cpython, pynum)
        if first != (mask_numbers(expected_line), mask_numbers(actual_line)):
            print(f"  standalone, the first difference is another one: {first}")
        reduced = shrinker.shrink(source)
        (cpython, pynum) = shrinker.outcomes(reduced)
        note = f"standalone: cpython {cpython!r}\n#             {policy} {pynum!r}"
    else:
        reduced = source
        note = "not reproduced as a standalone script (only in a batch of programs); unshrunk"
    os.makedirs(args.out, exist_ok=True)
    number = len([n for n in os.listdir(args.out) if n.endswith(".py")]) + 1
    path = os.path.join(args.out, f"{number:03d}_seed_{seed}.py")
    header = (
        f"# Differential fuzzing reproducer: tests/fuzz/gen.py seed {seed}, shrunk by tests/fuzz/run.py\n"
        f"# {kind}: pynum differs from CPython under {', '.join(policies)}\n"
        f"# key: {key}\n"
        f"# {note}\n"
    )
    with open(path, "w") as f:
        f.write(header.replace("\n#", "\n#", 1) + reduced)
    print(f"  shrunk to {len(reduced.splitlines())} lines in {shrinker.tests} runs: {path}", flush=True)
    print("  " + reduced.replace("\n", "\n  "), flush=True)
    return path


TIER_PROBE = "def f(n):\n    t = 0\n    for i in range(n):\n        t += i\n    return t\n\nprint(f(10))\n"


def check_tier2_reachable(pynum):
    """Exits when the tier-2 policies would not reach tier 2: a pynum-run copied away
    from its `libpynum_llvm.so` rejects every tier-2 compile and runs on at tier 1, so a
    campaign would report LLVM's code as checked when none ran."""
    extra, changes = POLICIES["tier2sync"]
    env = dict(os.environ, **changes)
    with tempfile.TemporaryDirectory(prefix="pynum-fuzz-probe-") as workdir:
        probe = os.path.join(workdir, "probe.py")
        with open(probe, "w") as f:
            f.write(TIER_PROBE)
        done = subprocess.run([pynum, "--jit-log", *extra, probe], capture_output=True, text=True, env=env)
    if done.stdout != "45\n" or "tier=2" not in done.stderr:
        sys.exit(f"fuzz: {pynum} does not reach tier 2 under the tier2sync policy (is libpynum_llvm.so beside it?):\n"
                 f"{done.stderr.strip()}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pynum", required=True)
    parser.add_argument("--python", default="python3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=250, help="programs per interpreter process")
    parser.add_argument("--jobs", type=int, default=2, help="interpreter processes at a time")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per program")
    parser.add_argument("--out", default=os.path.join(HERE, "regressions"), help="where shrunk reproducers go")
    parser.add_argument("--shrink-budget", type=int, default=400, help="standalone runs per shrink")
    parser.add_argument("--shrink-seconds", type=float, default=120, help="wall-clock limit per shrink")
    parser.add_argument("--no-shrink", action="store_true")
    parser.add_argument("--coverage", help="write a Markdown report of what the programs exercised of the JIT here")
    args = parser.parse_args()
    args.coverage_dir = None
    args.pynum = os.path.abspath(args.pynum)
    args.out = os.path.abspath(args.out)

    check_tier2_reachable(args.pynum)
    started = time.monotonic()
    seen_keys = existing_keys(args.out)
    divergences = 0
    slow = []
    written = []
    with tempfile.TemporaryDirectory(prefix="pynum-fuzz-") as workdir:
        seeds = list(range(args.seed, args.seed + args.count))
        sources = {}
        for seed in seeds:
            path = os.path.join(workdir, f"seed_{seed}.py")
            sources[path] = (seed, gen.generate(seed))
            with open(path, "w") as f:
                f.write(sources[path][1])
        paths = list(sources)
        if args.coverage:
            args.coverage_dir = os.path.join(workdir, "coverage")
            os.mkdir(args.coverage_dir)
        batches = [paths[i:i + args.batch] for i in range(0, len(paths), args.batch)]
        jobs = [(config, batch) for batch in batches for config in [CPYTHON] + list(POLICIES)]
        results = {config: {} for config in [CPYTHON] + list(POLICIES)}
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for (config, _), batch_results in zip(jobs, pool.map(lambda job: run_batch(job[0], job[1], args, workdir), jobs)):
                results[config].update(batch_results)
        ran = time.monotonic() - started
        for path in paths:
            outcomes = {config: results[config][path] for config in results}
            policies = diverging_policies(outcomes)
            if policies and slow_but_same(sources[path][1], outcomes, policies, args, workdir):
                slow.append(sources[path][0])
                print(f"fuzz: seed {sources[path][0]} ran past {args.timeout:g} s in its batch under "
                      f"{', '.join(policies)}, and alone matched CPython: slow, not diverging")
            elif policies:
                divergences += 1
                seed, source = sources[path]
                reproducer = report_divergence(seed, source, outcomes, policies, args, workdir, seen_keys)
                if reproducer:
                    written.append(reproducer)
        if args.coverage:
            seeds_text = f"{args.seed}..{args.seed + args.count - 1}"
            report, supported, unexercised = coverage_report(args.coverage_dir, args.count, seeds_text)
            os.makedirs(os.path.dirname(os.path.abspath(args.coverage)), exist_ok=True)
            with open(args.coverage, "w", encoding="utf-8") as f:
                f.write(report)
            print(
                f"fuzz: coverage in {args.coverage}: {supported - len(unexercised)} of {supported} registry entries"
                + (f"; unexercised: {' '.join(k for _, k in unexercised)}" if unexercised else "")
            )
    total = time.monotonic() - started
    runs = len(paths) * (1 + len(POLICIES))
    print(
        f"fuzz: {args.count} programs (seeds {args.seed}..{args.seed + args.count - 1}) x {1 + len(POLICIES)} "
        f"interpreters in {ran:.1f} s: {args.count / ran:.1f} programs/s ({runs / ran:.1f} runs/s); "
        f"{divergences} diverging programs, {len(written)} new reproducers"
        + (f", {len(slow)} slow (seeds {' '.join(map(str, slow))})" if slow else "")
        + (f" in {args.out}" if written else "")
        + f"; {total:.1f} s in all"
    )
    return 1 if divergences else 0


if __name__ == "__main__":
    sys.exit(main())
