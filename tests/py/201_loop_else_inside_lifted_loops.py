# An inner loop's `else` clause inside a loop that is lifted, or lifted itself in the
# interpreter's copy of its outer loop. The IR sees an `else` clause as code after the
# loop (without a `break` nothing tells them apart), while the hidden function runs it:
# names it stores must come back. Found by differential fuzzing (tests/fuzz/gen.py seeds
# 375, 511, 758, 1033) when loop-lifting first took the lift plan's names alone; each
# printed the value from before the `else` clause ran. Each function also formats a
# string, which keeps it from compiling whole, and its outer loop formats one too, so
# the inner loop with the `else` clause is lifted on its own.


def while_else_stores_a_parameter(p0):
    label = f"p0={p0}"
    for i0 in range(1):
        label += str(i0)
        i1 = 0
        while i1 < 0:
            i1 += 1
        else:
            p0 += 1
        while 1:
            i1 += 1
            if i1 > 1:
                break
    return label, p0


def for_else_stores_an_accumulator(n):
    label = f"n={n}"
    v0 = 1
    total = 0
    for i0 in range(n):
        total += i0
        label = str(i0)
        for i1 in range(1):
            if v0 - i1 < 0:
                continue
        else:
            v0 += 1
    return label, v0, total


def else_reads_a_name_the_body_does_not(n, base):
    label = f"base={base}"
    s = 0
    for i in range(n):
        label = str(i)
        j = 0
        while j < 3:
            j += 1
        else:
            s += base * j
    return label, s


def else_after_break_is_skipped(n):
    label = f"n={n}"
    hits = 0
    misses = 0
    for i in range(n):
        label = str(i)
        k = 0
        while k < 5:
            if i % 3 == 0 and k == 2:
                break
            k += 1
        else:
            misses += 1
        hits += k
    return label, hits, misses


for rep in range(3):
    print(while_else_stores_a_parameter(0), while_else_stores_a_parameter(-5))
    print(for_else_stores_an_accumulator(2000))
    print(else_reads_a_name_the_body_does_not(2000, 7))
    print(else_after_break_is_skipped(3000))

# Module level: a loop that stores a global some function reads stays as written (the
# function would read the value from before the loop while the hidden function held it).


def one():
    return 1


def two():
    return 2


def via_global():
    return current()


current = one
calls = 0
for i in range(3000):
    calls += via_global()
    current = two
print(calls)
