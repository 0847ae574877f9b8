"""Times NumPy operations on 10**6 float64 items, and a 500x500 matrix product. Run by
itself it prints one line per operation (`name best_ms`); with `--compare PYNUM_RUN
PYTHON_WITH_NUMPY` it runs itself under both and prints the table (pynum's numpy against
NumPy on CPython). Both run single-threaded: OPENBLAS_NUM_THREADS=1, and
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset, so OpenBLAS picks its kernel for this CPU.
"""

import subprocess
import sys
import time

OPS = ["a + b", "a * b + c", "np.sqrt(a)", "a.sum()", "a.max()", "np.dot(a, b)", "m @ w"]


def measure(repeats=25):
    import numpy as np
    n = 10**6
    a = np.arange(n) / n + 0.5
    b = np.arange(n)[::-1] / n + 0.25
    c = np.ones(n)
    k = 500
    m = (np.arange(k * k) / (k * k) + 0.5).reshape(k, k)
    w = (np.arange(k * k)[::-1] / (k * k) + 0.25).reshape(k, k)
    env = {"np": np, "a": a, "b": b, "c": c, "m": m, "w": w}
    for op in OPS:
        code = compile(op, op, "eval")
        best = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter()
            eval(code, env)
            best = min(best, time.perf_counter() - t0)
        print(f"{op}\t{best * 1e3:.3f}")


def run(cmd):
    import os
    env = {key: v for key, v in os.environ.items() if key not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    env["OPENBLAS_NUM_THREADS"] = "1"
    out = subprocess.run(cmd + [__file__], capture_output=True, text=True, check=True, env=env).stdout
    return dict(line.split("\t") for line in out.strip().splitlines())


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        pynum, numpy_python = sys.argv[2], sys.argv[3]
        mine, theirs = run([pynum]), run([numpy_python])
        print(f"{'operation':<16}{'pynum ms':>10}{'NumPy ms':>10}{'ratio':>8}")
        for op in OPS:
            p, q = float(mine[op]), float(theirs[op])
            print(f"{op:<16}{p:>10.3f}{q:>10.3f}{p / q:>8.2f}")
    else:
        measure()


main()
