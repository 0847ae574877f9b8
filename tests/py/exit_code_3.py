# sys.exit with an integer status: output is flushed, then the process exits with code 3.
import sys


def summarize(values):
    total = sum(values)
    print("values:", values)
    print("total:", total, "mean:", total / len(values))
    return total


status = summarize([3, 1, 4, 1, 5, 9, 2, 6]) % 4
print("computed status:", status)
try:
    sys.exit(99)
except SystemExit as e:
    print("intercepted an earlier exit with", e.code)
try:
    print("finally blocks still run before exit")
    sys.exit(status)
finally:
    print("cleanup in finally")
print("never printed")
