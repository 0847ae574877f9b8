# 32-bit integer mixing with masks: stays in int64 natively, must match Python exactly.
def mix(seed, rounds):
    h = seed
    for i in range(rounds):
        h ^= (h << 13) & 0xFFFFFFFF
        h ^= h >> 17
        h ^= (h << 5) & 0xFFFFFFFF
        h = (h + i) & 0xFFFFFFFF
    return h

results = {}
for seed in (1, 2, 3, 12345):
    results[seed] = mix(seed, 600_000)
print(results)
