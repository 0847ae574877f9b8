# Exercises: exceptions as control flow: custom hierarchies, try/except/else/finally, raise from, re-raise, early exits.
ITEMS = 120000


class AppError(Exception):
    pass


class ParseError(AppError):
    def __init__(self, text, pos):
        AppError.__init__(self, "bad input %r at %d" % (text, pos))
        self.text = text
        self.pos = pos


class LimitError(AppError):
    def __init__(self, value, limit):
        AppError.__init__(self, value, limit)
        self.value = value
        self.limit = limit


class Found(Exception):
    def __init__(self, where):
        Exception.__init__(self)
        self.where = where


def parse_number(text):
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return int(text, 16)
    except ValueError as exc:
        raise ParseError(text, len(text)) from exc


def checked(value, limit):
    if value > limit:
        raise LimitError(value, limit)
    return value


def lookup(table, key, default_factory):
    try:
        return table[key]
    except KeyError:
        value = table[key] = default_factory(key)
        return value


def find_pair(grid, target):
    try:
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v == target:
                    raise Found((r, c))
    except Found as f:
        return f.where
    return None


class Tracker:
    def __init__(self):
        self.cleanups = 0
        self.elses = 0


def guarded(tracker, fn, arg):
    try:
        result = fn(arg)
    except ZeroDivisionError:
        result = -1
    except (IndexError, KeyError) as exc:
        result = -2 if isinstance(exc, IndexError) else -3
    else:
        tracker.elses += 1
    finally:
        tracker.cleanups += 1
    return result


def risky(i):
    kind = i % 5
    if kind == 0:
        return 100 // (i % 3)
    if kind == 1:
        return [1, 2, 3][i % 4]
    if kind == 2:
        return {"a": 1, "b": 2}["abc"[i % 3]]
    return i


def retrying(i, attempts):
    for attempt in range(attempts):
        try:
            if (i + attempt) % 4 != 3:
                raise TimeoutError(attempt)
            return attempt
        except TimeoutError:
            continue
    raise RuntimeError("gave up on %d" % i)


def main():
    tokens = []
    for i in range(ITEMS):
        if i % 4 == 0:
            tokens.append(str(i))
        elif i % 4 == 1:
            tokens.append(format(i, "x") + "g" * (i % 2))
        elif i % 4 == 2:
            tokens.append("z%d" % i)
        else:
            tokens.append(format(i * 7, "x"))
    ok = bad = bad_pos = causes = 0
    for t in tokens:
        try:
            v = parse_number(t)
        except ParseError as e:
            bad += 1
            bad_pos += e.pos
            if isinstance(e.__cause__, ValueError):
                causes += 1
        else:
            ok += v % 1000
    print("parse ok", ok, "bad", bad, bad_pos, "causes", causes)

    over = total = 0
    for i in range(ITEMS):
        try:
            total += checked(i * 3 % 1000, 900)
        except LimitError as e:
            over += 1
            total -= e.limit - e.value
        except AppError:
            raise
    print("limits", over, total)

    table = {}
    hits = 0
    for i in range(ITEMS):
        key = "k%d" % (i % 997)
        before = len(table)
        lookup(table, key, lambda k: len(k) * 3)
        hits += len(table) == before
    print("lookup", len(table), hits)

    grid = [[(r * 31 + c * 17) % 1009 for c in range(40)] for r in range(40)]
    spots = [find_pair(grid, t) for t in range(0, 1009, 3)]
    missing = sum(1 for s in spots if s is None)
    print("find", len(spots) - missing, missing, spots[5])

    tr = Tracker()
    res = sum(guarded(tr, risky, i) for i in range(ITEMS))
    print("guarded", res, tr.cleanups, tr.elses)

    gave_up = tries = 0
    for i in range(ITEMS // 2):
        try:
            tries += retrying(i, 3)
        except RuntimeError as e:
            gave_up += 1
            last = str(e)
    print("retry", tries, gave_up, last)

    it = iter(range(ITEMS))
    drained = 0
    while True:
        try:
            drained += next(it) & 3
        except StopIteration:
            break
    print("drained", drained)


main()
