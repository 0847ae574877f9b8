#!/usr/bin/env python3
"""CPython's own unit tests as an oracle for pynum's JIT (issue 14, item 6).

Each CPython test module is run with unittest under pynum three times:

    nojit    pynum-run --no-jit                   (the interpreter alone)
    t0       PYNUM_JIT_THRESHOLD=0 pynum-run      (compile at first opportunity)
    default  pynum-run                            (the default policy)

and the per-test outcomes (pass / fail / error / skip / xfail / xpass, subtests
included) of the JIT policies are compared with --no-jit.  What the interpreter
alone scores does not matter: only a test whose OUTCOME DIFFERS between --no-jit
and a JIT policy is reported (it is a JIT bug).  Crashes are recorded per
policy: signals (e.g. SIGSEGV), exit status 70 (pynum internal error), other
abnormal exits of the runner, and timeouts.

The tests come from the `test` package of the host CPython (python3, 3.11 here).
It is copied once into a cache directory (default /tmp/pynum-cpython-tests) that
is put on PYTHONPATH for pynum; CPython's install is never modified.

Usage:
    python3 tests/oracle_cpython_tests.py [options] [MODULE ...]

    MODULE            test module names, e.g. test_math test_float (the
                      "test." prefix is optional); packages such as test_json
                      work too.
    --all             every test_*.py module / test_* package of CPython's
                      test directory (modules that do not import under pynum
                      --no-jit are listed as not importable and skipped).
    --quick           the fixed CI subset QUICK_MODULES (under ~3 minutes for
                      the three policies on 2 cores).
    --pynum PATH      the pynum-run binary (default: $PYNUM_RUN, else
                      target/release/pynum-run of this checkout).
    --timeout S       per-run timeout in seconds (default 120).
    -j N              parallel subprocesses (default 2).
    --policies LIST   comma-separated subset of nojit,t0,default.
    --confirm         rerun a module whose outcomes differ (all policies) and
                      report only differences seen in both runs.
    --json FILE       also write all per-module results as JSON.
    -v                print per-module progress lines.

Exit status: 0 when no test's outcome differs and no JIT policy crashed where
--no-jit did not; 1 otherwise.

Internals: the per-test runner (RUNNER below) is passed to pynum with -c; it
loads the module with unittest's loader, runs it with a result class that writes
one line "OUTCOME<TAB>test id" per test to a file (flushed at once, so a crash
keeps the lines written before it), and writes "#IMPORTFAIL" when the module
does not load, "#DONE" at the end.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

POLICIES = {
    "nojit": (["--no-jit"], {}),
    "t0": ([], {"PYNUM_JIT_THRESHOLD": "0"}),
    "default": ([], {}),
}

# Fixed CI subset: numeric/core modules that import under pynum and run fast.
QUICK_MODULES = [
    "test_math", "test_float", "test_int", "test_bool", "test_bisect",
    "test_heapq", "test_fractions", "test_complex", "test_copy",
    "test_itertools", "test_operator", "test_range", "test_tuple",
    "test_list", "test_sort", "test_scope", "test_long", "test_random",
    "test_enum", "test_dataclasses", "test_struct", "test_array",
    "test_collections", "test_augassign", "test_binop", "test_compare",
    "test_pow", "test_numeric_tower", "test_unary", "test_dict",
    "test_decimal",
]

# Packages copied to srclib besides the top-level modules (see prepare_srclib).
SRCLIB_PACKAGES = ["json"]

# Tests whose outcome depends on timing (the JIT making them faster or slower
# changes it): their differences are listed apart and do not fail the run.
TIMING_TESTS = {
    "test.test_re.ReTests.test_search_anchor_at_beginning",
}

RUNNER = r'''
import sys, unittest, traceback
out = open(sys.argv[1], "w", buffering=1)
name = sys.argv[2]
def w(kind, tid):
    out.write("%s\t%s\n" % (kind, tid.replace("\n", " ").replace("\t", " ")))
    out.flush()
if name != "test.test_grammar":
    # test_float, test_int, test_complex... import VALID_UNDERSCORE_LITERALS
    # from test_grammar, whose module level does not run on 3.14 semantics:
    # give them a stub holding its module-level constant assignments.
    try:
        import test.test_grammar
    except BaseException:
        import ast, types, os, test
        src = open(os.path.join(os.path.dirname(test.__file__), "test_grammar.py")).read()
        mod = types.ModuleType("test.test_grammar")
        body = [n for n in ast.parse(src).body if isinstance(n, ast.Assign)
                and all(isinstance(t, ast.Name) and t.id.isupper() for t in n.targets)]
        exec(compile(ast.Module(body=body, type_ignores=[]), "test_grammar_stub", "exec"), mod.__dict__)
        sys.modules["test.test_grammar"] = mod
        test.test_grammar = mod
try:
    suite = unittest.defaultTestLoader.loadTestsFromName(name)
except BaseException as e:
    out.write("#IMPORTFAIL\t%s: %s\n" % (type(e).__name__, str(e).replace("\n", " ")[:300]))
    out.flush()
    raise SystemExit(3)
errs = getattr(unittest.defaultTestLoader, "errors", None)
if errs:
    # _FailedTest entries are counted as errors by the run; note them anyway
    out.write("#LOADERRORS\t%d\n" % len(errs))
class R(unittest.TestResult):
    def startTest(self, t):
        super().startTest(t)
        self._sub_failed = False
    def addSuccess(self, t):
        super().addSuccess(t)
        w("pass" if not self._sub_failed else "subfail", t.id())
    def addFailure(self, t, e):
        super().addFailure(t, e); w("fail", t.id())
    def addError(self, t, e):
        super().addError(t, e); w("error", t.id())
    def addSkip(self, t, r):
        super().addSkip(t, r); w("skip", t.id())
    def addExpectedFailure(self, t, e):
        super().addExpectedFailure(t, e); w("xfail", t.id())
    def addUnexpectedSuccess(self, t):
        super().addUnexpectedSuccess(t); w("xpass", t.id())
    def addSubTest(self, t, s, e):
        super().addSubTest(t, s, e)
        if e is not None:
            self._sub_failed = True
            kind = "fail" if issubclass(e[0], t.failureException) else "error"
            w(kind, s.id())
import io
stream = io.StringIO()
r = R()
try:
    suite.run(r)
except BaseException as e:
    out.write("#RUNABORT\t%s: %s\n" % (type(e).__name__, str(e)[:300]))
    out.flush()
    raise
out.write("#DONE\n")
out.flush()
sys.stdout.flush(); sys.stderr.flush()
import os
os._exit(0)
'''


def cpython_test_dir():
    import test as _t  # CPython's own test package
    return os.path.dirname(_t.__file__)


def prepare_tests(cache):
    dst = os.path.join(cache, "test")
    if not os.path.isdir(dst):
        tmp = tempfile.mkdtemp(dir=cache)
        shutil.copytree(cpython_test_dir(), os.path.join(tmp, "test"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        os.rename(os.path.join(tmp, "test"), dst)
        os.rmdir(tmp)
    return cache


def prepare_srclib(cache):
    """CPython's top-level pure-Python stdlib modules, put LAST on the path.

    Normal imports still find pynum's frozen modules first; only
    import_helper.import_fresh_module(..., blocked=['_c_accel']) (test_heapq,
    test_bisect, test_functools, test_operator, test_statistics, test_decimal,
    ...), which pynum's frozen importer does not serve, falls through to these
    sources."""
    dst = os.path.join(cache, "srclib")
    if not os.path.isdir(dst):
        import sysconfig
        lib = sysconfig.get_paths()["stdlib"]
        tmp = tempfile.mkdtemp(dir=cache)
        for n in os.listdir(lib):
            if n.endswith(".py"):
                shutil.copy(os.path.join(lib, n), tmp)
        for n in SRCLIB_PACKAGES:
            shutil.copytree(os.path.join(lib, n), os.path.join(tmp, n),
                            ignore=shutil.ignore_patterns("__pycache__"))
        os.rename(tmp, dst)
    return dst


def all_modules(cache):
    d = os.path.join(cache, "test")
    mods = []
    for n in sorted(os.listdir(d)):
        if n.startswith("test_") and n.endswith(".py"):
            mods.append(n[:-3])
        elif n.startswith("test_") and os.path.isfile(os.path.join(d, n, "__init__.py")):
            mods.append(n)
    return mods


def run_one(pynum, cache, module, policy, timeout):
    args, extra_env = POLICIES[policy]
    env = dict(os.environ)
    env.pop("PYNUM_JIT_THRESHOLD", None)
    # JIT against interpreter on this run's compiles, not on tier-2 code an earlier run kept.
    env["PYNUM_CODE_CACHE"] = "0"
    env.update(extra_env)
    env["PYTHONPATH"] = cache + os.pathsep + os.path.join(cache, "srclib")
    fd, outpath = tempfile.mkstemp(prefix="oracle-%s-%s-" % (module, policy))
    os.close(fd)
    cwd = tempfile.mkdtemp(prefix="oracle-cwd-")
    t0 = time.time()
    status = None
    stderr_tail = ""
    try:
        p = subprocess.run([pynum] + args + ["-c", RUNNER, outpath, "test." + module],
                           env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
        rc = p.returncode
        stderr_tail = p.stderr.decode("utf-8", "replace")[-1500:]
    except subprocess.TimeoutExpired as e:
        rc = None
        status = "timeout"
        stderr_tail = (e.stderr or b"").decode("utf-8", "replace")[-1500:]
    elapsed = time.time() - t0
    outcomes, done, importfail = {}, False, None
    with open(outpath, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line == "#DONE":
                done = True
            elif line.startswith("#IMPORTFAIL"):
                importfail = line.split("\t", 1)[-1]
            elif line.startswith("#"):
                continue
            elif "\t" in line:
                kind, tid = line.split("\t", 1)
                # A subtest's parameters may print an object's address (`<function f at
                # 0x2000...>`), which differs from run to run: without it, the same
                # subtest has the same id under every policy.
                tid = ADDRESS.sub(" at 0x?", tid)
                # a test id may occur twice (subtests); keep the worst
                if tid in outcomes and outcomes[tid] in ("fail", "error"):
                    continue
                outcomes[tid] = kind
    os.unlink(outpath)
    shutil.rmtree(cwd, ignore_errors=True)
    if outcomes and all(t.startswith("unittest.loader._FailedTest.") for t in outcomes):
        importfail = importfail or "unittest.loader._FailedTest"
    if status is None:
        if importfail is not None:
            status = "importfail"
        elif rc is not None and rc < 0:
            status = "signal %d" % -rc
        elif rc == 70:
            status = "exit 70 (internal error)"
        elif not done:
            status = "exit %s without finishing" % rc
        else:
            status = "ok"
    return {"module": module, "policy": policy, "status": status, "rc": rc,
            "elapsed": round(elapsed, 1), "outcomes": outcomes,
            "importfail": importfail, "stderr_tail": stderr_tail}


def diff_outcomes(base, other):
    diffs = []
    for tid in sorted(set(base) | set(other)):
        a, b = base.get(tid, "missing"), other.get(tid, "missing")
        if a != b:
            diffs.append((tid, a, b))
    return diffs


def run_module(pynum, cache, module, policies, timeout, pool_submit):
    """Runs nojit first; if the module imports, runs the JIT policies."""
    res = {}
    res["nojit"] = pool_submit(run_one, pynum, cache, module, "nojit", timeout).result()
    if res["nojit"]["status"] == "importfail":
        return res
    futs = {p: pool_submit(run_one, pynum, cache, module, p, timeout)
            for p in policies if p != "nojit"}
    for p, f in futs.items():
        res[p] = f.result()
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--pynum", default=os.environ.get("PYNUM_RUN") or
                    os.path.join(REPO, "target", "release", "pynum-run"))
    ap.add_argument("--cache", default="/tmp/pynum-cpython-tests")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--policies", default="nojit,t0,default")
    ap.add_argument("--confirm", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()

    os.makedirs(a.cache, exist_ok=True)
    cache = prepare_tests(a.cache)
    prepare_srclib(cache)
    mods = [m[5:] if m.startswith("test.") else m for m in a.modules]
    if a.quick:
        mods += QUICK_MODULES
    if a.all:
        mods += all_modules(cache)
    seen = set()
    mods = [m for m in mods if not (m in seen or seen.add(m))]
    if not mods:
        ap.error("give modules, --quick or --all")
    policies = [p for p in a.policies.split(",") if p]
    if "nojit" not in policies:
        policies.insert(0, "nojit")

    # Two pools so that the module-level driver threads never starve the
    # workers: at most a.j subprocesses run at once.
    workers = ThreadPoolExecutor(max_workers=a.j)
    drivers = ThreadPoolExecutor(max_workers=max(a.j, 1) * 2)
    t_start = time.time()
    futs = [(m, drivers.submit(run_module, a.pynum, cache, m, policies,
                               a.timeout, workers.submit)) for m in mods]
    results = {}
    for m, f in futs:
        results[m] = f.result()
        if a.v:
            r = results[m]
            nd = sum(len(diff_outcomes(r["nojit"]["outcomes"], r[p]["outcomes"]))
                     for p in r if p != "nojit")
            print("%-28s %s%s" % (m, "  ".join(
                "%s:%s/%d/%.0fs" % (p, r[p]["status"], len(r[p]["outcomes"]),
                                     r[p]["elapsed"]) for p in r),
                "  DIFFERS: %d" % nd if nd else ""), flush=True)

    def find_diffs(res):
        out = {}
        for p in policies:
            if p == "nojit" or p not in res:
                continue
            d = diff_outcomes(res["nojit"]["outcomes"], res[p]["outcomes"])
            if res["nojit"]["status"] != "ok" or res[p]["status"] != "ok":
                # a run cut short (timeout, crash) leaves tests "missing":
                # that is reported as the crash, not as per-test differences
                d = [x for x in d if "missing" not in x[1:]]
            if d:
                out[p] = d
        return out

    diffs = {m: find_diffs(r) for m, r in results.items()}
    if a.confirm:
        for m in [m for m in mods if diffs[m]]:
            r2 = run_module(a.pynum, cache, m, policies, a.timeout, workers.submit)
            d2 = find_diffs(r2)
            for p in list(diffs[m]):
                again = set(d2.get(p, []))
                diffs[m][p] = [d for d in diffs[m][p] if d in again]
                if not diffs[m][p]:
                    del diffs[m][p]

    # ---- report
    importable = [m for m in mods if results[m]["nojit"]["status"] != "importfail"]
    notimp = [m for m in mods if m not in importable]
    print("== %d modules, %d importable under pynum --no-jit, %.0fs" %
          (len(mods), len(importable), time.time() - t_start))
    if notimp:
        print("not importable:", " ".join(notimp))
    for p in policies:
        counts = {}
        for m in importable:
            if p in results[m]:
                for k in results[m][p]["outcomes"].values():
                    counts[k] = counts.get(k, 0) + 1
        print("%-8s tests: %d  (%s)" % (p, sum(counts.values()),
              ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    bad = False
    print("== crashes / abnormal ends")
    for m in importable:
        for p in policies:
            r = results[m].get(p)
            if r and r["status"] != "ok":
                jit_only = p != "nojit" and results[m]["nojit"]["status"] == "ok"
                bad |= jit_only
                print("  %-26s %-8s %s%s" % (m, p, r["status"],
                                              "   <-- JIT only" if jit_only else ""))
                if jit_only and a.v:
                    print("     " + r["stderr_tail"][-400:].replace("\n", "\n     "))
    print("== tests whose outcome differs from --no-jit")
    timing, ndiff = [], 0
    for m in mods:
        for p, d in diffs[m].items():
            for tid, x, y in d:
                line = "  %-8s %s: nojit=%s %s=%s" % (p, tid, x, p, y)
                if tid in TIMING_TESTS:
                    timing.append(line)
                else:
                    bad = True
                    ndiff += 1
                    print(line)
    if not ndiff:
        print("  (none)")
    if timing:
        print("== timing-dependent tests that differ (not counted)")
        print("\n".join(timing))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"results": results, "diffs": diffs}, f, indent=1)
    workers.shutdown()
    drivers.shutdown()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
