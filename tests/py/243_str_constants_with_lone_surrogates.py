# Str constants with lone surrogates keep their text: native code had them as U+FFFD
# (the front end converted them lossily), so `s == "\ud800"` was False, a stored or
# returned constant came back as '\ufffd' and a dict gained a '\ufffd' key (JIT only;
# found by an adversarial review). Such code now runs in the interpreter.
def store_all(items):
    for i in range(len(items)):
        items[i] = "\udfff"
    return 0


def count_matches(items):
    n = 0
    for s in items:
        if s == "\ud800":
            n += 1
    return n


def pick(k):
    if k > 0:
        return "\ud800"
    return "plain"


def tally(counts, n):
    for i in range(n):
        counts["\udc00"] += 1
    return len(counts)


def fail(n):
    if n > 3:
        raise ValueError("\udc80 bad")
    return n


for _ in range(2000):
    items = ["a", "b"]
    store_all(items)
    matched = count_matches(["\ud800", "x", "\ud800"])
    picked = pick(1)
print(ascii(items), matched, ascii(picked), ascii(pick(0)))
counts = {"\udc00": 0}
for _ in range(300):
    tally(counts, 5)
print(ascii(counts))
for n in range(6):
    try:
        fail(n)
    except ValueError as e:
        print(ascii(str(e)))
