# global statement, while/else, for/else, break/continue, breaking out of nested loops.
counter = 0


def bump(n=1):
    global counter
    counter += n
    return counter


def set_new_global():
    global created_later
    created_later = "made inside function"


def find_first(items, target):
    for i, item in enumerate(items):
        if item == target:
            print(f"found {target} at {i}")
            break
    else:
        print(f"{target} not found")
        return -1
    return i


print(bump(), bump(5), counter)
set_new_global()
print(created_later)
print(find_first([4, 8, 15, 16], 15), find_first([4, 8], 99), find_first([], 1))
primes = []
for n in range(2, 40):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        primes.append(n)
print(primes)
n = 0
while n < 5:
    n += 1
    if n == 3:
        continue
    print("while body", n)
else:
    print("while finished normally at", n)
n = 10
while n > 0:
    n -= 3
    if n < 5:
        print("breaking at", n)
        break
else:
    print("never printed")
for x in []:
    print("unreachable")
else:
    print("empty for runs else")
for i in range(1, 10):
    for j in range(1, 10):
        if i * j == 42:
            break
    else:
        continue
    break
print("pair", (i, j))
total = 0
for k in range(20):
    if k % 2:
        continue
    if k > 12:
        break
    total += k
print("total", total)
print("final counter", bump(0), "globals has counter:", "counter" in globals())
