# Generators: yield, send, throw, close, return values, infinite generators.


def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "liftoff"


print(list(countdown(5)))
g = countdown(2)
print(next(g), next(g))
try:
    next(g)
except StopIteration as stop:
    print("returned:", stop.value)


def running_average():
    total = 0.0
    count = 0
    average = None
    while True:
        value = yield average
        if value is None:
            break
        total += value
        count += 1
        average = total / count
    return count


avg = running_average()
print(next(avg))
for v in [10, 20, 30, 40]:
    print("avg", avg.send(v))
try:
    avg.send(None)
except StopIteration as stop:
    print("count", stop.value)


def resilient():
    n = 0
    while True:
        try:
            yield n
            n += 1
        except ValueError as e:
            print("  caught inside:", e)
            n = 100
        finally:
            pass


r = resilient()
print(next(r), next(r), r.throw(ValueError("reset")), next(r))


def with_cleanup():
    try:
        yield 1
        yield 2
    finally:
        print("  cleanup ran")


c = with_cleanup()
print(next(c))
c.close()
print("closed")


squares = (x * x for x in range(10) if x % 2)
print(type(squares).__name__, sum(squares), sum(squares))
print(list(zip(countdown(3), "abc")), max(x % 7 for x in range(50)))
print(any(x > 3 for x in countdown(5)), all(x > 0 for x in countdown(5)))
