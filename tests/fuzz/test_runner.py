"""Tests of the fuzz runner's own machinery (tests/fuzz/run.py), run by tests/fuzz.rs:
the JIT event a divergence is keyed by, read from a real `pynum-run --jit-log` and from
tests/fuzz/fake_pynum.py (which diverges on purpose), and the coverage report.

    PYNUM_RUN=target/release/pynum-run python3 -m unittest tests/fuzz/test_runner.py
"""
import os
import sys
import tempfile
import types
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import merge_coverage  # noqa: E402
import run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def runner_args(pynum):
    return types.SimpleNamespace(pynum=pynum, python=sys.executable, timeout=20.0, coverage_dir=None)


class JitEventKey(unittest.TestCase):
    def test_event_classes_drop_names_and_numbers(self):
        cases = {
            "pynum-jit: deoptimized f(int64): an int left 64 bits at line 4 (1 so far)":
                "deoptimized: an int left # bits at line #",
            "pynum-jit: deoptimized __pynum_loop_g_3_0(int64, float64): a zero divisor at line 12":
                "deoptimized: a zero divisor at line #",
            "pynum-jit: compiled f(int64) tier=1 in 1.185 ms": "compiled tier 1",
            "pynum-jit: compiled f(int64) tier=2 in 88.981 ms (recompiled from tier 1, queued 0.144 ms)":
                "compiled tier 2",
            "pynum-jit: swapped h(float64) to tier 2: its next calls run that code": "swapped tier 2",
            "pynum-jit: rejected k(str): str is not supported": "rejected: str is not supported",
        }
        for line, expected in cases.items():
            self.assertEqual(run.event_class(line), expected, line)

    def test_the_event_before_the_first_diverging_line(self):
        source = "print('start')\nprint(14)\nprint('end')\n"
        fake = os.path.join(HERE, "fake_pynum.py")
        with tempfile.TemporaryDirectory() as workdir:
            event = run.preceding_jit_event(source, "default", "start\n14\nend\n", runner_args(fake), workdir)
            self.assertEqual(event, "deoptimized: int overflow at line #")
            # No divergence: whatever came last.
            same = run.preceding_jit_event("print('a')\n", "default", "a\n", runner_args(fake), workdir)
            self.assertEqual(same, "none")

    def test_a_binary_that_never_reaches_tier_2_stops_the_campaign(self):
        with self.assertRaises(SystemExit) as stopped:
            run.check_tier2_reachable(os.path.join(HERE, "fake_pynum.py"))
        self.assertIn("does not reach tier 2", str(stopped.exception))
        if os.environ.get("PYNUM_RUN"):
            run.check_tier2_reachable(os.environ["PYNUM_RUN"])

    @unittest.skipUnless(os.environ.get("PYNUM_RUN"), "needs PYNUM_RUN")
    def test_pynum_runs_log_lines_in_order_with_the_output(self):
        # f compiles at its first call; the third call's int leaves 64 bits and the call
        # deoptimizes before its result prints: the event before the third line.
        source = (
            "def f(n):\n    return n * n * n\n"
            "print(f(2))\nprint(f(3))\nprint(f(2**30))\n"
        )
        with tempfile.TemporaryDirectory() as workdir:
            args = runner_args(os.environ["PYNUM_RUN"])
            # Pretend CPython printed something else on the third line.
            event = run.preceding_jit_event(source, "threshold0", "8\n27\n0\n", args, workdir)
        self.assertEqual(event, "deoptimized: an int left # bits at line #")


class Shrinking(unittest.TestCase):
    def test_operands_split_at_the_first_top_level_operator(self):
        self.assertEqual(run.operands("(a + b) * c"), ["(a + b)", "c"])
        self.assertEqual(run.operands("x if (p < q) else y"), ["x", "(p < q) else y"])
        self.assertEqual(run.operands("-(a // b)"), ["(a // b)"])
        self.assertEqual(run.operands("f(a, b)"), [])
        self.assertEqual(run.matching_parenthesis("g((a) + ')') + 1", 1), 11)

    def test_expressions_shrink_to_what_keeps_the_divergence(self):
        # The stand-in prints n + 1 for a printed multiple of 7: the divergence needs a
        # 7 at the end, not the arithmetic around it.
        source = "x = 5\nprint((((x * 3) - (2 ** 3)) + ((x - 4) * 0)))\nprint('end')\n"
        fake = os.path.join(HERE, "fake_pynum.py")
        with tempfile.TemporaryDirectory() as workdir:
            args = types.SimpleNamespace(pynum=fake, python=sys.executable, timeout=20.0, coverage_dir=None,
                                         shrink_budget=400, shrink_seconds=120)
            shrunk = run.Shrinker("default", args, workdir).shrink(source)
        # `print((((1) - (2 ** 3))))`: 7 is still printed, nothing else is left.
        self.assertLess(len(shrunk), len(source) / 2, shrunk)
        self.assertNotIn("x", shrunk)


class CoverageReport(unittest.TestCase):
    def test_counts_are_summed_and_unexercised_entries_listed(self):
        with tempfile.TemporaryDirectory() as directory:
            rows = [
                "op\tmath.sqrt\t2\nlir\tExitIf\t5\nsupported\top\tmath.sqrt\nsupported\top\tmath.cos\n",
                "op\tmath.sqrt\t1\nsupported\top\tmath.sqrt\nsupported\top\tmath.cos\n",
            ]
            for index, text in enumerate(rows):
                with open(os.path.join(directory, f"cov-{index}.tsv"), "w") as f:
                    f.write(text)
            report, supported, unexercised = run.coverage_report(directory, 2, "1..2")
        self.assertEqual(supported, 2)
        self.assertEqual(unexercised, [("op", "math.cos")])
        self.assertIn("| `math.sqrt` | 3 |", report)
        self.assertIn("| `ExitIf` | 5 |", report)
        self.assertIn("1 of 2 ops-registry entries exercised.", report)

    def test_chunk_reports_merge_into_one_for_the_campaign(self):
        """Two chunks' reports, as run.py wrote them, summed: counts add up, seed ranges
        join, and an entry counts as unexercised only if neither chunk reached it."""
        chunks = [
            ("op\tmath.sqrt\t2\nop\tint +\t1\nsupported\top\tmath.sqrt\nsupported\top\tmath.cos\n"
             "supported\top\tint +\nsupported\top\tmath.tan\n", "1..2"),
            ("op\tmath.sqrt\t4\nop\tmath.cos\t7\nsupported\top\tmath.sqrt\nsupported\top\tmath.cos\n"
             "supported\top\tint +\nsupported\top\tmath.tan\n", "3..4"),
        ]
        with tempfile.TemporaryDirectory() as directory:
            paths = []
            for index, (text, seeds) in enumerate(chunks):
                tsv = os.path.join(directory, f"chunk{index}")
                os.mkdir(tsv)
                with open(os.path.join(tsv, "cov-1.tsv"), "w") as f:
                    f.write(text)
                report, _, _ = run.coverage_report(tsv, 2, seeds)
                paths.append(os.path.join(directory, f"chunk{index}.md"))
                with open(paths[-1], "w") as f:
                    f.write(report)
            out = os.path.join(directory, "merged.md")
            old_argv = sys.argv
            sys.argv = ["merge_coverage.py", "--out", out] + paths
            try:
                status = merge_coverage.main()
            finally:
                sys.argv = old_argv
            merged = open(out).read()
        self.assertEqual(status, 1)  # math.tan: no chunk reached it
        self.assertIn("# JIT coverage of 4 generated programs (seeds 1..4), summed over 2 reports", merged)
        self.assertIn("3 of 4 ops-registry entries exercised.", merged)
        self.assertIn("Unexercised: op `math.tan`.", merged)
        self.assertIn("| `math.sqrt` | 6 |", merged)
        self.assertIn("| `math.cos` | 7 |", merged)
        self.assertIn("| `int +` | 1 |", merged)


if __name__ == "__main__":
    unittest.main()
