# Exercises: recursion and backtracking: n-queens via recursive generators, permutations, subset sums and tower of Hanoi.
QUEENS = 10
PERM_N = 8


def queens(n, row=0, cols=(), diag1=frozenset(), diag2=frozenset()):
    if row == n:
        yield cols
        return
    for c in range(n):
        if c in cols or (row + c) in diag1 or (row - c) in diag2:
            continue
        yield from queens(n, row + 1, cols + (c,), diag1 | {row + c}, diag2 | {row - c})


def board_text(cols):
    n = len(cols)
    return "/".join("".join("Q" if cols[r] == c else "." for c in range(n)) for r in range(n))


def permutations(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i, first in enumerate(items):
        rest = items[:i] + items[i + 1:]
        for tail in permutations(rest):
            yield [first] + tail


def subset_sums(values, target, start=0, chosen=None):
    if chosen is None:
        chosen = []
    if target == 0:
        return [list(chosen)]
    found = []
    for i in range(start, len(values)):
        v = values[i]
        if v > target:
            break
        if i > start and values[i] == values[i - 1]:
            continue
        chosen.append(v)
        found.extend(subset_sums(values, target - v, i + 1, chosen))
        chosen.pop()
    return found


def hanoi(n, src, dst, via, moves):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst, moves)
    moves.append((src, dst))
    hanoi(n - 1, via, dst, src, moves)


class Node:
    def __init__(self, label, children):
        self.label = label
        self.children = children

    def depth(self):
        if not self.children:
            return 1
        return 1 + max(c.depth() for c in self.children)

    def labels(self):
        out = [self.label]
        for c in self.children:
            out.extend(c.labels())
        return out


def build(depth, label):
    if depth == 0:
        return Node(label, [])
    return Node(label, [build(depth - 1, label + str(i)) for i in range(3 if depth % 2 else 2)])


def main():
    solutions = list(queens(QUEENS))
    print("queens", QUEENS, len(solutions), board_text(solutions[0]))
    print("queens", QUEENS - 2, sum(1 for _ in queens(QUEENS - 2)))

    count = 0
    fixed = 0
    for p in permutations(list(range(PERM_N))):
        count += 1
        if all(p[i] != i for i in range(PERM_N)):
            fixed += 1
    print("permutations", count, "derangements", fixed)

    values = sorted([3, 5, 7, 8, 9, 11, 12, 13, 15, 17, 19, 21, 23, 5, 7, 9])
    sols = subset_sums(values, 60)
    print("subsets", len(sols), sols[0], sols[-1])

    moves = []
    hanoi(19, "A", "C", "B", moves)
    tally = {}
    for m in moves:
        key = m[0] + m[1]
        tally[key] = tally.get(key, 0) + 1
    print("hanoi", len(moves), sorted(tally.items()))

    tree = build(11, "r")
    labels = tree.labels()
    print("tree", tree.depth(), len(labels), labels[-1])


main()
