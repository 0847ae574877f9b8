# random with a fixed seed: Mersenne Twister results must match exactly across implementations.
import random

random.seed(42)
print([random.random() for _ in range(5)])
print([random.randint(1, 100) for _ in range(10)])
print([random.randrange(0, 1000, 7) for _ in range(5)])
colors = ["red", "green", "blue", "yellow", "purple"]
print([random.choice(colors) for _ in range(6)])
deck = list(range(20))
random.shuffle(deck)
print(deck)
print(random.sample(range(100), 8))
print(random.getrandbits(64), random.getrandbits(200))
print(random.choices("abcde", k=8))
print(random.uniform(1.0, 2.0))

random.seed(12345)
first = [random.random() for _ in range(3)]
random.seed(12345)
second = [random.random() for _ in range(3)]
print(first == second, first)

rng = random.Random(2024)
print(rng.randint(0, 10 ** 12), rng.random(), rng.choice("xyz"))
state = rng.getstate()
a = [rng.randint(0, 9) for _ in range(10)]
rng.setstate(state)
b = [rng.randint(0, 9) for _ in range(10)]
print(a, a == b)

random.seed("a string seed")
print(random.random(), random.randint(-50, 50))
random.seed(b"bytes seed")
print(random.random())
random.seed(10 ** 30)
print(random.random(), random.randrange(10 ** 20))
random.seed(0)
counts = [0] * 6
for _ in range(600):
    counts[random.randint(1, 6) - 1] += 1
print(counts, sum(counts))
words = "the quick brown fox jumps over the lazy dog".split()
random.seed(7)
random.shuffle(words)
print(" ".join(words))
