# Nested while loops at module level: trial division, no function to compile whole.
limit = 120_000
count = 0
n = 2
while n < limit:
    d = 2
    prime = True
    while d * d <= n:
        if n % d == 0:
            prime = False
            break
        d += 1
    if prime:
        count += 1
    n += 1
print("primes below", limit, "=", count)
