# List reads in a hot loop, with formatting outside: list indexing must stay bounds-checked.
def make_series(n):
    values = []
    x = 0.5
    for i in range(n):
        x = (x * 3.7 * (1.0 - x)) % 1.0
        values.append(x)
    return values

def moving_sum(values, window):
    acc = 0.0
    best = 0.0
    for i in range(len(values)):
        acc += values[i]
        if i >= window:
            acc -= values[i - window]
        if acc > best:
            best = acc
    return best

series = make_series(1_000_000)
for window in (10, 100, 1000):
    print(f"window {window:>5}: best {moving_sum(series, window):.6f}")
