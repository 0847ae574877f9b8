"""The oracle's numba for differential tests: decorators that return the function
unchanged, so CPython computes what `@njit` code must print (for programs whose ints
stay inside 64 bits, where Numba's semantics and Python's agree)."""


def jit(signature_or_function=None, **options):
    if callable(signature_or_function) and not isinstance(signature_or_function, str):
        return signature_or_function
    return lambda func: func


def njit(*args, **kws):
    return jit(*args, **kws)


prange = range
