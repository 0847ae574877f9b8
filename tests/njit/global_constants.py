# @njit functions read module-level numeric constants (ints, floats, bools), as Numba
# code commonly does (`N`, `DT`, `MOD`): Numba freezes them into the compiled code, and
# pynum compiles them natively as constants (they left the function to the interpreter:
# "`K` is not a global pynum can compile against").
from numba import njit

N = 1000
DT = 0.01
MOD = 10**9 + 7
VERBOSE = False
BIG_NEGATIVE = -2**63


@njit
def steps(x):
    for _ in range(N):
        x = x + DT * (1.0 - x)
    return x


@njit
def powmod(base, exp):
    result = 1
    base %= MOD
    while exp > 0:
        if exp & 1:
            result = result * base % MOD
        base = base * base % MOD
        exp >>= 1
    return result


@njit
def flagged(n):
    t = 0
    for i in range(n):
        if VERBOSE:
            t -= i
        else:
            t += i
    return t + BIG_NEGATIVE


print(round(steps(0.0), 12), powmod(3, 10**18), flagged(10))
