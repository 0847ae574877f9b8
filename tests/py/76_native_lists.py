# Lists in native code: reflected int and float lists read, written, summed; an index
# out of range, a float stored into a list of ints, one list under two names, and an
# int overflow part-way: each must end exactly as in CPython.
def fill(n, x):
    a = [0] * n
    label = "fill"
    for i in range(n):
        a[i] = x * i
    return label, a

def prefix_sums(values):
    info = {}
    n = len(values)
    for i in range(1, n):
        values[i] += values[i - 1]
    info["last"] = values[-1] if values else None
    return info

def dot(u, v):
    s = 0.0
    for i in range(len(u)):
        s += u[i] * v[i]
    return s

def out_of_range(a):
    tag = "oor"
    t = 0
    for i in range(len(a) + 1):
        t += a[i]
    return tag, t

def float_into_int_list(a):
    tag = "mix"
    for i in range(len(a)):
        a[i] = a[i] / 2
    return tag, a

def aliased(a, b):
    tag = "alias"
    for i in range(1, len(a)):
        a[i] = b[i - 1] + 1
    return tag, a

print(fill(5, 3))
p = [1, 2, 3, 4]
print(prefix_sums(p), p)
print(prefix_sums([]))
print(dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]))
try:
    print(out_of_range([1, 2, 3]))
except IndexError as e:
    print("IndexError", e)
print(float_into_int_list([2, 4, 6]))
q = [0, 0, 0, 0]
print(aliased(q, q))
big = [2**62, 2**62]
print(prefix_sums(big), big)
print(dot([1, 2], [3.5, 4.5]))


def sieve(limit):
    flags = bytearray([1]) * (limit + 1)
    flags[0] = 0
    flags[1] = 0
    i = 2
    while i * i <= limit:
        if flags[i]:
            for j in range(i * i, limit + 1, i):
                flags[j] = 0
        i += 1
    count = 0
    for k in range(limit + 1):
        count += flags[k]
    return count, bytes(flags[:20])


def store_byte(n, value):
    buf = bytearray(n)
    tag = "byte"
    for i in range(n):
        buf[i] = value + i
    return tag, buf


print(sieve(1000))
print(store_byte(3, 250))
try:
    print(store_byte(10, 250))
except ValueError as exc:
    print("ValueError", exc)
