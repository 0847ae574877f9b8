"""numpy.random: NumPy 2's legacy `RandomState` (MT19937) and `Generator` (PCG64) with the
module-level functions of the legacy API, drawing the same numbers as NumPy for the same
seed.

The bit generators and every draw that consumes random words are native (`_BitGenerator`,
`numpy/src/random.rs`); this file checks arguments as NumPy does, seeds (`SeedSequence`
is NumPy's hash of the entropy into PCG64's state) and shapes the results. What is not
supported raises NotImplementedError naming it.
"""

import _numpy
import numpy as _np
import operator as _operator
import math as _math

__all__ = ["RandomState", "Generator", "default_rng", "SeedSequence", "MT19937", "PCG64",
           "seed", "rand", "randn", "random", "random_sample", "sample", "ranf", "randint",
           "uniform", "normal", "standard_normal", "choice", "shuffle", "permutation"]

_MASK32 = 0xFFFFFFFF


# ---------------------------------------------------------------- seeding

def _uint32_words(x):
    """NumPy's `_coerce_to_uint32_array`: an int's 32-bit words, low first; a sequence's
    elements' words one after another."""
    if isinstance(x, bool) or isinstance(x, _np.bool):
        x = int(x)
    if isinstance(x, (int, _np.integer)):
        n = int(x)
        if n < 0:
            raise ValueError("expected non-negative integer")
        if n == 0:
            return [0]
        words = []
        while n > 0:
            words.append(n & _MASK32)
            n >>= 32
        return words
    if isinstance(x, (float, _np.floating)):
        raise TypeError("SeedSequence expects int or sequence of ints for entropy not %r" % (x,))
    if isinstance(x, _np.ndarray):
        x = x.tolist()
    words = []
    for v in x:
        words.extend(_uint32_words(v))
    return words


_INIT_A = 0x43b0d7e5
_MULT_A = 0x931e8875
_INIT_B = 0x8b51f9dd
_MULT_B = 0x58f38ded
_MIX_MULT_L = 0xca01f9dd
_MIX_MULT_R = 0x4973f715
_XSHIFT = 16


class SeedSequence:
    """O'Neill's seed_seq_fe as NumPy has it: entropy hashed into a pool of four 32-bit
    words, from which bit generators' states are generated."""

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4):
        if entropy is None:
            import secrets
            entropy = secrets.randbits(128)
        elif not isinstance(entropy, (int, _np.integer, list, tuple, range, _np.ndarray)):
            raise TypeError("SeedSequence expects int or sequence of ints for entropy not %r" % (entropy,))
        self.entropy = entropy
        self.spawn_key = tuple(spawn_key)
        self.pool_size = pool_size
        self.n_children_spawned = 0
        self.pool = self._mixed(self._assembled_entropy())

    def _assembled_entropy(self):
        run = _uint32_words(self.entropy)
        spawn = _uint32_words(self.spawn_key) if self.spawn_key else []
        if spawn and len(run) < self.pool_size:
            run = run + [0] * (self.pool_size - len(run))
        return run + spawn

    def _mixed(self, entropy):
        hash_const = _INIT_A

        def hashmix(value):
            nonlocal hash_const
            value = (value ^ hash_const) & _MASK32
            hash_const = (hash_const * _MULT_A) & _MASK32
            value = (value * hash_const) & _MASK32
            return value ^ (value >> _XSHIFT)

        def mix(x, y):
            result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _MASK32
            return result ^ (result >> _XSHIFT)

        pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(self.pool_size)]
        for src in range(self.pool_size):
            for dst in range(self.pool_size):
                if src != dst:
                    pool[dst] = mix(pool[dst], hashmix(pool[src]))
        for src in range(self.pool_size, len(entropy)):
            for dst in range(self.pool_size):
                pool[dst] = mix(pool[dst], hashmix(entropy[src]))
        return pool

    def _words32(self, n_words):
        hash_const = _INIT_B
        out = []
        for i in range(n_words):
            value = self.pool[i % len(self.pool)]
            value = (value ^ hash_const) & _MASK32
            hash_const = (hash_const * _MULT_B) & _MASK32
            value = (value * hash_const) & _MASK32
            out.append(value ^ (value >> _XSHIFT))
        return out

    def generate_state(self, n_words, dtype=_np.uint32):
        name = _np.dtype(dtype).name
        if name == "uint32":
            return _np.array(self._words32(n_words), dtype=_np.uint32)
        if name == "uint64":
            w = self._words32(2 * n_words)
            return _np.array([w[2 * i] | (w[2 * i + 1] << 32) for i in range(n_words)], dtype=_np.uint64)
        raise ValueError("only support uint32 or uint64")

    def __repr__(self):
        return f"SeedSequence(\n    entropy={self.entropy!r},\n)"


class _BitGen:
    """Common to the bit generator classes: the native stream (`_bg`)."""

    def random_raw(self, size=None):
        return _wrap_result(self._bg.raw(_size(size)))

    def __repr__(self):
        return f"{type(self).__name__} at 0x{id(self):X}"


class PCG64(_BitGen):
    def __init__(self, seed=None):
        self.seed_seq = seed if isinstance(seed, SeedSequence) else SeedSequence(seed)
        w = [int(x) for x in self.seed_seq.generate_state(4, _np.uint64).tolist()]
        self._bg = _numpy.pcg64(*w)


class MT19937(_BitGen):
    """The legacy seeding only (`RandomState`'s); NumPy's `MT19937(seed)` hashes the seed
    through a SeedSequence instead."""

    def __init__(self, seed=None):
        if seed is not None and not isinstance(seed, SeedSequence):
            raise NotImplementedError("numpy.random.MT19937 with a seed (use RandomState(seed))")
        raise NotImplementedError("numpy.random.MT19937 (use RandomState)")


# ---------------------------------------------------------------- helpers

def _size(size):
    if size is None:
        return None
    if isinstance(size, (int, _np.integer)) and not isinstance(size, bool):
        n = int(size)
        if n < 0:
            raise ValueError("negative dimensions are not allowed")
        return (n,)
    shape = tuple(_operator.index(n) for n in size)
    if any(n < 0 for n in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _wrap_result(r):
    if isinstance(r, _numpy._Array):
        return _np._result(r)
    return r


def _scalar_param(value, name):
    if isinstance(value, (_np.ndarray, list, tuple)):
        raise NotImplementedError(f"numpy.random with array-valued {name}")
    return float(value)


_INT_BOUNDS = {
    "bool": (0, 1), "int8": (-2**7, 2**7 - 1), "int16": (-2**15, 2**15 - 1),
    "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1), "uint8": (0, 2**8 - 1),
    "uint16": (0, 2**16 - 1), "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1),
}


def _bounded(bg, low, high, size, dtype, masked, endpoint):
    """NumPy's `_rand_{dtype}` for scalar bounds: checks, then `off + [0, rng]`."""
    if dtype is int:
        name = "int64"
    else:
        name = _np.dtype(dtype).name
    if name not in _INT_BOUNDS:
        raise TypeError(f"Unsupported dtype {_np.dtype(dtype)!r} for randint")
    if isinstance(low, (_np.ndarray, list, tuple)) or isinstance(high, (_np.ndarray, list, tuple)):
        raise NotImplementedError("numpy.random integers with array-valued bounds")
    low, high = int(low), int(high)
    if not endpoint:
        high -= 1
    lowbnd, highbnd = _INT_BOUNDS[name]
    if low < lowbnd:
        raise ValueError(f"low is out of bounds for {name}")
    if high > highbnd:
        raise ValueError(f"high is out of bounds for {name}")
    if low > high:
        if endpoint:
            raise ValueError("low > high")
        raise ValueError("high <= 0" if low == 0 else "low >= high")
    shape = _size(size)
    a = bg.bounded(low & 0xFFFFFFFFFFFFFFFF, (high - low) & 0xFFFFFFFFFFFFFFFF, shape, name, masked)
    result = _np._result(a)
    if shape is None and dtype in (bool, int):
        return dtype(result)
    return result


def _check_p(p, pop_size):
    """`choice`'s probabilities as a list of floats, checked as NumPy checks them."""
    p = _np.asarray(p, dtype=_np.float64)
    if p.ndim != 1:
        raise ValueError("'p' must be 1-dimensional")
    if p.size != pop_size:
        raise ValueError("'a' and 'p' must have same size")
    values = p.tolist()
    total = c = 0.0
    for v in values:  # Kahan summation, as NumPy's check
        y = v - c
        t = total + y
        c = (t - total) - y
        total = t
    if _math.isnan(total):
        raise ValueError("probabilities contain NaN")
    if any(v < 0 for v in values):
        raise ValueError("probabilities are not non-negative")
    if abs(total - 1.0) > _math.sqrt(2.220446049250313e-16):
        raise ValueError("probabilities do not sum to 1")
    return values


def _cdf_indices(values, uniforms):
    import bisect
    cdf, running = [], 0.0
    for v in values:
        running += v
        cdf.append(running)
    last = cdf[-1]
    cdf = [x / last for x in cdf]
    return [bisect.bisect_right(cdf, u) for u in uniforms]


def _population(a, generator):
    arr = _np.asarray(a)
    if arr.ndim == 0:
        try:
            pop_size = _operator.index(arr.item())
        except TypeError:
            raise ValueError("a must be 1-dimensional or an integer") from None
        return arr, pop_size
    if arr.ndim != 1 and not generator:
        raise ValueError("a must be 1-dimensional")
    if arr.ndim != 1:
        raise NotImplementedError("numpy.random.Generator.choice of a multidimensional array")
    return arr, arr.shape[0]


def _flat(drawn, shape):
    """The values of a draw of `shape` as a flat list (a draw of shape () is a scalar)."""
    return [drawn.item()] if shape == () else drawn.ravel().tolist()


def _choose(arr, idx, is_scalar, shape):
    """`a[idx]` for the chosen indices `idx` (a flat list of ints)."""
    if is_scalar:
        i = idx[0]
        return i if arr.ndim == 0 else arr[i]
    indices = _np.array(idx, dtype=_np.int64).reshape(shape)
    if arr.ndim == 0:
        return indices
    return _np.take(arr, indices)


# choice's errors: RandomState's wording, then Generator's.
_CHOICE_WORDS = {
    True: ("a must be greater than 0 unless no samples are taken",
           "'a' cannot be empty unless no samples are taken",
           "Cannot take a larger sample than population when 'replace=False'",
           "numpy.random.choice with replace=False and p"),
    False: ("a must be a positive integer unless no samples are taken",
            "a cannot be empty unless no samples are taken",
            "Cannot take a larger sample than population when replace is False",
            "numpy.random.Generator.choice with replace=False and p"),
}


def _choice(a, size, replace, p, legacy, uniforms, below, without_replacement):
    """`RandomState.choice` (`legacy`) and `Generator.choice`: `uniforms(shape)` draws
    doubles, `below(n, shape)` ints in [0, n), `without_replacement(n, count)` distinct
    indices, each the way its generator draws them."""
    too_small, empty, too_many, unsupported = _CHOICE_WORDS[legacy]
    arr, pop_size = _population(a, not legacy)
    count = 1 if size is None else _math.prod(_size(size))
    if arr.ndim == 0 and pop_size <= 0 and count != 0:
        raise ValueError(too_small)
    if arr.ndim == 1 and pop_size == 0 and count != 0:
        raise ValueError(empty)
    probs = _check_p(p, pop_size) if p is not None else None
    shape = () if size is None else _size(size)
    if replace:
        if probs is not None:
            idx = _cdf_indices(probs, _flat(uniforms(shape), shape))
        else:
            idx = _flat(below(pop_size, shape), shape)
    else:
        if count > pop_size:
            raise ValueError(too_many)
        if probs is not None:
            raise NotImplementedError(unsupported)
        idx = without_replacement(pop_size, count)
    return _choose(arr, idx, size is None, shape)


def _shuffle_list(bg, x):
    for i in reversed(range(1, len(x))):
        j = bg.interval(i)
        x[i], x[j] = x[j], x[i]


def _shuffle(bg, x):
    if isinstance(x, _np.ndarray):
        if x.ndim == 0:
            raise TypeError("shuffle: 0-d arrays cannot be shuffled")  # NumPy: len() of unsized object
        bg.shuffle(x._a)
    elif isinstance(x, (list,)) or hasattr(x, "__setitem__"):
        _shuffle_list(bg, x)
    else:
        raise TypeError(f"'{type(x).__name__}' object does not support item assignment")


def _permutation(bg, x):
    if isinstance(x, (int, _np.integer)) and not isinstance(x, bool):
        arr = _np.arange(x)
    else:
        arr = _np.array(x)
        if arr.ndim < 1:
            raise IndexError("x must be an integer or at least 1-dimensional")
    bg.shuffle(arr._a)
    return arr


# ---------------------------------------------------------------- RandomState

class RandomState:
    """The legacy generator: MT19937 seeded by `init_genrand` (an int) or `init_by_array`,
    normals by the polar method, bounded ints by masking."""

    def __init__(self, seed=None):
        self._bg = None
        self.seed(seed)

    def seed(self, seed=None):
        if seed is None:
            import os
            entropy = os.urandom(4 * 624)
            key = [int.from_bytes(entropy[i:i + 4], "little") for i in range(0, len(entropy), 4)]
            self._bg = _numpy.mt19937(key)
            return
        if isinstance(seed, (float, _np.floating)):
            raise TypeError("Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'")
        try:
            n = _operator.index(seed)
        except TypeError:
            key = _np.asarray(seed).tolist()
            if not isinstance(key, list) or not key:
                raise ValueError("Seed must be non-empty") from None
            if any(isinstance(k, list) for k in key):
                raise ValueError("Seed array must be 1-d") from None
            if any(k < 0 or k > _MASK32 for k in key):
                raise ValueError("Seed must be between 0 and 2**32 - 1") from None
            self._bg = _numpy.mt19937([int(k) for k in key])
            return
        if n < 0 or n > _MASK32:
            raise ValueError("Seed must be between 0 and 2**32 - 1")
        self._bg = _numpy.mt19937(n)

    def random_sample(self, size=None):
        return _wrap_result(self._bg.random(_size(size)))

    def random(self, size=None):
        return self.random_sample(size)

    sample = ranf = random_sample

    def rand(self, *args):
        return self.random_sample(args if args else None)

    def randn(self, *args):
        return self.standard_normal(args if args else None)

    def standard_normal(self, size=None):
        return _wrap_result(self._bg.legacy_normal(0.0, 1.0, _size(size)))

    def normal(self, loc=0.0, scale=1.0, size=None):
        loc, scale = _scalar_param(loc, "loc"), _scalar_param(scale, "scale")
        if scale < 0:
            raise ValueError("scale < 0")
        return _wrap_result(self._bg.legacy_normal(loc, scale, _size(size)))

    def uniform(self, low=0.0, high=1.0, size=None):
        low, high = _scalar_param(low, "low"), _scalar_param(high, "high")
        span = high - low
        if not _math.isfinite(span):
            raise OverflowError("Range exceeds valid bounds")
        return _wrap_result(self._bg.uniform(low, span, _size(size)))

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        return _bounded(self._bg, low, high, size, dtype, True, False)

    def choice(self, a, size=None, replace=True, p=None):
        return _choice(a, size, replace, p, True, self.random_sample,
                       lambda n, shape: self.randint(0, n, size=shape),
                       lambda n, count: self.permutation(n)[:count].tolist())

    def shuffle(self, x):
        _shuffle(self._bg, x)

    def permutation(self, x):
        return _permutation(self._bg, x)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(f"numpy.random.RandomState.{name} is not supported by pynum yet")

    def __repr__(self):
        return f"RandomState(MT19937) at 0x{id(self):X}"


# ---------------------------------------------------------------- Generator

class Generator:
    """The modern generator on PCG64: ziggurat normals, bounded ints by Lemire's method."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, PCG64):
            raise NotImplementedError("numpy.random.Generator on a bit generator other than PCG64")
        self._bit_generator = bit_generator
        self._bg = bit_generator._bg

    @property
    def bit_generator(self):
        return self._bit_generator

    def random(self, size=None, dtype=_np.float64, out=None):
        if out is not None or _np.dtype(dtype).name != "float64":
            raise NotImplementedError("numpy.random.Generator.random with out= or a dtype other than float64")
        return _wrap_result(self._bg.random(_size(size)))

    def standard_normal(self, size=None, dtype=_np.float64, out=None):
        if out is not None or _np.dtype(dtype).name != "float64":
            raise NotImplementedError("numpy.random.Generator.standard_normal with out= or a dtype other than float64")
        return _wrap_result(self._bg.normal(0.0, 1.0, _size(size)))

    def normal(self, loc=0.0, scale=1.0, size=None):
        loc, scale = _scalar_param(loc, "loc"), _scalar_param(scale, "scale")
        if scale < 0:
            raise ValueError("scale < 0")
        return _wrap_result(self._bg.normal(loc, scale, _size(size)))

    def uniform(self, low=0.0, high=1.0, size=None):
        low, high = _scalar_param(low, "low"), _scalar_param(high, "high")
        span = high - low
        if not _math.isfinite(span):
            raise OverflowError("high - low range exceeds valid bounds")
        return _wrap_result(self._bg.uniform(low, span, _size(size)))

    def integers(self, low, high=None, size=None, dtype=_np.int64, endpoint=False):
        if high is None:
            low, high = 0, low
        return _bounded(self._bg, low, high, size, dtype, False, endpoint)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if axis != 0:
            raise NotImplementedError("numpy.random.Generator.choice with axis other than 0")
        shuffled = _builtins_bool(shuffle)
        return _choice(a, size, replace, p, False, self.random,
                       lambda n, shape: self.integers(0, n, size=shape),
                       lambda n, count: _numpy.tolist(self._bg.sample(n, count, shuffled)) if count else [])

    def shuffle(self, x, axis=0):
        if axis != 0:
            raise NotImplementedError("numpy.random.Generator.shuffle with axis other than 0")
        _shuffle(self._bg, x)

    def permutation(self, x, axis=0):
        if axis != 0:
            raise NotImplementedError("numpy.random.Generator.permutation with axis other than 0")
        return _permutation(self._bg, x)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(f"numpy.random.Generator.{name} is not supported by pynum yet")

    def __repr__(self):
        return f"Generator(PCG64) at 0x{id(self):X}"


def _builtins_bool(x):
    return True if x else False


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, PCG64):
        return Generator(seed)
    return Generator(PCG64(seed))


# ---------------------------------------------------------------- the legacy module API

_rand = RandomState()
seed = _rand.seed
random_sample = _rand.random_sample
random = _rand.random
sample = ranf = _rand.random_sample
rand = _rand.rand
randn = _rand.randn
standard_normal = _rand.standard_normal
normal = _rand.normal
uniform = _rand.uniform
randint = _rand.randint
choice = _rand.choice
shuffle = _rand.shuffle
permutation = _rand.permutation


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(f"numpy.random.{name} is not supported by pynum yet")
