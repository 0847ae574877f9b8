# Call overhead of a compiled two-int function called from Python code: the time of a
# loop that calls it, minus the same loop calling nothing, per call. Run pynum with
# PYNUM_JIT=0 so that automatic mode does not compile the empty baseline loop.
import time

from numba import njit


@njit
def add(a, b):
    return a + b


def measure(n):
    add(1, 2)  # compile outside the timing
    start = time.perf_counter()
    for i in range(n):
        pass
    empty = time.perf_counter() - start
    start = time.perf_counter()
    for i in range(n):
        add(i, 1)
    calls = time.perf_counter() - start
    return (calls - empty) / n * 1e9


best = min(measure(300_000) for _ in range(5))
print("call_overhead_ns %.0f" % best)
