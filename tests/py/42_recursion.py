# Recursion: fibonacci (naive and memoised), ackermann, hanoi, permutations, flood fill, gcd.
import functools


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@functools.lru_cache(maxsize=None)
def fib_memo(n):
    return n if n < 2 else fib_memo(n - 1) + fib_memo(n - 2)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def hanoi(n, src, dst, via, moves):
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append((src, dst))
        hanoi(n - 1, via, dst, src, moves)
    return moves


def permutations(items):
    if len(items) <= 1:
        return [items]
    out = []
    for i, item in enumerate(items):
        for rest in permutations(items[:i] + items[i + 1:]):
            out.append([item] + rest)
    return out


def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)


def flood(grid, r, c, old, new):
    if not (0 <= r < len(grid) and 0 <= c < len(grid[0])) or grid[r][c] != old:
        return 0
    grid[r][c] = new
    return 1 + sum(flood(grid, r + dr, c + dc, old, new) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def depth(obj):
    if isinstance(obj, list):
        return 1 + max((depth(x) for x in obj), default=0)
    return 0


def is_even(n):
    return True if n == 0 else is_odd(n - 1)


def is_odd(n):
    return False if n == 0 else is_even(n - 1)


print([fib(n) for n in range(15)], fib(20))
print(fib_memo(150))
print([[ackermann(m, n) for n in range(4)] for m in range(3)], ackermann(2, 3), ackermann(3, 3))
moves = hanoi(4, "A", "C", "B", [])
print(len(moves), moves[:5])
print(["".join(p) for p in permutations(list("abc"))])
print(gcd(1071, 462), gcd(17, 5), gcd(2 ** 40, 6 ** 20))
grid = [list(row) for row in ["..#..", ".##..", "#...#", "..#.."]]
print(flood(grid, 0, 0, ".", "o"), flood(grid, 0, 4, ".", "x"))
print("\n".join("".join(row) for row in grid))
print(depth([1, [2, [3, [4]], []]]), depth([]), depth(5))
print(is_even(100), is_odd(77), is_even(7))
