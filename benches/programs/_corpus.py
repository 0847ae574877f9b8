"""Text for the word-count benchmarks: words of a fixed vocabulary in a Zipf-like mix,
the same for a given seed under every Python (`random.Random` is seeded and portable)."""
import random


def make_text(n_words, seed):
    rng = random.Random(seed)
    syllables = ["ka", "lo", "mi", "ne", "ru", "so", "ta", "vi", "ze", "po"]
    vocabulary = ["".join(rng.choice(syllables) for _ in range(1 + i % 3)) for i in range(400)]
    # A Zipf-like choice: low indices are frequent.
    weights = [1.0 / (i + 1) for i in range(len(vocabulary))]
    return " ".join(rng.choices(vocabulary, weights, k=n_words))
