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


def vectorize(ftylist_or_function=(), **kws):
    """Numba's `@vectorize` as NumPy computes it: the first signature every input casts to
    safely (NumPy's ufunc loop search), the function applied item by item."""
    import numpy as np

    def make(func, signatures):
        parsed = []
        for s in signatures:
            text = str(s).replace(" ", "")
            result, _, rest = text.partition("(")
            parsed.append(([a for a in rest.rstrip(")").split(",") if a], result))

        def apply(*args):
            arrays = [np.asarray(a) for a in args]
            chosen = next((sig for sig in parsed
                           if all(np.can_cast(a.dtype, t, "safe") for a, t in zip(arrays, sig[0]))), None)
            if chosen is None and parsed:
                raise TypeError("ufunc '%s' not supported for the input types" % func.__name__)
            if chosen is None:
                return np.vectorize(func)(*arrays)
            cast = [a.astype(t) for a, t in zip(arrays, chosen[0])]
            return np.vectorize(func, otypes=[chosen[1]])(*cast)

        apply.__name__ = func.__name__
        return apply

    if callable(ftylist_or_function) and not isinstance(ftylist_or_function, (str, list, tuple)):
        return make(ftylist_or_function, [])
    signatures = ftylist_or_function
    if isinstance(signatures, str):
        signatures = [signatures]
    return lambda func: make(func, list(signatures))
