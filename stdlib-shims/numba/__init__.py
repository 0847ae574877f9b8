"""pynum's `numba`: the decorators of Numba with Numba's documented meaning, compiled by
pynum's own tiers (Cranelift today). Only what is implemented is here; nothing is
pretended.

- `njit` / `jit` (nopython by default, as in Numba 0.59+): a dispatcher that compiles on
  the first call with new argument types, or eagerly for explicit signatures.
- `jit(forceobj=True)`: object mode; the function runs in the interpreter.
- `prange` is `range` until the parallel target exists.
- `vectorize`: a ufunc from a scalar function (eager signatures or lazy), its kernel and
  the loop over the items both compiled by `njit`.
"""

import sys as _sys

from _pynum import dispatcher as _dispatcher

__version__ = "0.68.1+pynum"

_KNOWN_OPTIONS = frozenset({
    "nopython", "forceobj", "looplift", "cache", "fastmath", "boundscheck", "error_model",
    "nogil", "inline", "parallel", "debug", "no_cpython_wrapper", "no_cfunc_wrapper", "_nrt",
})

_cache_warned = False


class _NumbaType(str):
    """A type name usable in signatures: `int64`, or `float64(float64, int64)`."""

    def __call__(self, *args):
        return _NumbaType("%s(%s)" % (self, ", ".join(str(a) for a in args)))

    def __repr__(self):
        return str(self)


class types:
    """The type names of `numba.types` that pynum's typing knows."""

    boolean = bool_ = b1 = _NumbaType("bool")
    int8 = _NumbaType("int8")
    int16 = _NumbaType("int16")
    int32 = _NumbaType("int32")
    int64 = intp = _NumbaType("int64")
    uint8 = _NumbaType("uint8")
    uint16 = _NumbaType("uint16")
    uint32 = _NumbaType("uint32")
    uint64 = _NumbaType("uint64")
    float32 = _NumbaType("float32")
    float64 = double = _NumbaType("float64")
    complex128 = _NumbaType("complex128")
    none = void = _NumbaType("none")


boolean = types.boolean
int8, int16, int32, int64 = types.int8, types.int16, types.int32, types.int64
uint8, uint16, uint32, uint64 = types.uint8, types.uint16, types.uint32, types.uint64
float32, float64, complex128, void = types.float32, types.float64, types.complex128, types.void
intp, double = types.intp, types.double


def jit(signature_or_function=None, locals=None, cache=False, pipeline_class=None, **options):
    """Compile a function, with Numba's `jit` options (nopython unless `forceobj=True`)."""
    global _cache_warned
    unknown = set(options) - _KNOWN_OPTIONS
    if unknown:
        raise KeyError("Unrecognized options: %s" % ", ".join(sorted(unknown)))
    if cache and not _cache_warned:
        _cache_warned = True
        print("pynum: numba cache=True is accepted, but nothing is persisted to disk yet",
              file=_sys.stderr)
    options.setdefault("nopython", not options.get("forceobj", False))
    if callable(signature_or_function) and not isinstance(signature_or_function, str):
        return _dispatcher(signature_or_function, options, [])
    if signature_or_function is None:
        signatures = []
    elif isinstance(signature_or_function, (list, tuple)):
        signatures = [str(s) for s in signature_or_function]
    else:
        signatures = [str(signature_or_function)]

    def decorate(func):
        return _dispatcher(func, options, signatures)

    return decorate


def njit(*args, **kws):
    """`jit(nopython=True)`."""
    kws["nopython"] = True
    kws.pop("forceobj", None)
    return jit(*args, **kws)


prange = range


# ---------------------------------------------------------------- vectorize

# NumPy's safe casts between the dtypes signatures name: a kind may go up the ladder
# bool < int < float < complex, and within a kind to a size at least as big (an int of
# 64 bits does not fit a float32).
_KIND_RANK = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def _safe_cast(source, target):
    source, target = _np().dtype(source), _np().dtype(target)
    if source == target or source.kind == "b":
        return True
    if _KIND_RANK[source.kind] > _KIND_RANK[target.kind]:
        return False
    if source.kind == target.kind or (source.kind in "ui" and target.kind in "ui"):
        if source.kind == "u" and target.kind == "i":
            return target.itemsize > source.itemsize
        if source.kind == "i" and target.kind == "u":
            return False
        return target.itemsize >= source.itemsize
    # An int into a float (or a complex's parts): a wider float, or float64 for any int
    # (NumPy counts int64 to float64 as safe).
    if source.kind in "ui":
        part = target.itemsize if target.kind == "f" else target.itemsize // 2
        return part > source.itemsize or part == 8
    return target.kind == "c" and target.itemsize >= 2 * source.itemsize


def _np():
    import numpy
    return numpy


def _signature_types(signature):
    """`"float64(float64, int64)"` -> (["float64", "int64"], "float64")."""
    text = str(signature).replace(" ", "")
    result, _, rest = text.partition("(")
    args = [a for a in rest.rstrip(")").split(",") if a]
    return args, result


class _Vectorized:
    """A function made into a ufunc by `@vectorize`: the scalar kernel compiled by
    `njit`, applied with NumPy's broadcasting by a compiled loop over the items. The loop
    for each signature is chosen as NumPy chooses a ufunc's: the first whose input types
    every argument casts to safely. Without signatures, one is made per input dtypes, its
    output dtype that of the kernel's result."""

    def __init__(self, func, signatures):
        self._kernel = jit(func, nopython=True)
        self.__name__ = func.__name__
        self.__qualname__ = getattr(func, "__qualname__", func.__name__)
        self.__doc__ = func.__doc__
        self.__wrapped__ = func
        self.nin = func.__code__.co_argcount
        self.nout = 1
        self._signatures = [_signature_types(s) for s in signatures]
        for args, _ in self._signatures:
            if len(args) != self.nin:
                raise TypeError("signature %r does not take %d arguments" % (signatures, self.nin))
        self._loops = {}
        self._lazy = not signatures

    @property
    def nargs(self):
        return self.nin + 1

    @property
    def types(self):
        codes = {"bool": "?", "int8": "b", "int16": "h", "int32": "i", "int64": "l", "uint8": "B",
                 "uint16": "H", "uint32": "I", "uint64": "L", "float32": "f", "float64": "d",
                 "complex128": "D"}
        return ["".join(codes.get(a, "O") for a in args) + "->" + codes.get(r, "O")
                for args, r in self._signatures]

    @property
    def ntypes(self):
        return len(self._signatures)

    def __repr__(self):
        return "<numba._DUFunc '%s'>" % self.__name__

    def _loop(self, nin):
        loop = self._loops.get(nin)
        if loop is None:
            names = ", ".join("a%d" % k for k in range(nin))
            items = ", ".join("a%d[i]" % k for k in range(nin))
            source = ("def apply(out, %s):\n"
                      "    for i in range(out.shape[0]):\n"
                      "        out[i] = kernel(%s)\n" % (names, items))
            scope = {"kernel": self._kernel}
            exec(compile(source, "<vectorize %s>" % self.__name__, "exec"), scope)
            loop = self._loops[nin] = jit(scope["apply"], nopython=True)
        return loop

    def _resolve(self, dtypes, arrays):
        for args, result in self._signatures:
            if all(_safe_cast(d, a) for d, a in zip(dtypes, args)):
                return args, result
        if not self._lazy:
            raise TypeError("ufunc '%s' not supported for the input types, and the inputs could not "
                            "be safely coerced to any supported types according to the casting "
                            "rule ''safe''" % self.__name__)
        # A new signature: the inputs' own dtypes, and the type the kernel answers.
        np = _np()
        first = [a.reshape(-1)[0].item() if a.size else np.zeros(1, a.dtype)[0].item() for a in arrays]
        sample = self._kernel(*first)
        if isinstance(sample, bool):
            result = "bool"
        elif isinstance(sample, int):
            result = "int64"
        elif isinstance(sample, float):
            result = "float64"
        elif isinstance(sample, complex):
            result = "complex128"
        else:
            raise TypeError("vectorize: %s returned a %s" % (self.__name__, type(sample).__name__))
        signature = ([str(d) for d in dtypes], result)
        self._signatures.append(signature)
        return signature

    def __call__(self, *args, out=None):
        np = _np()
        if len(args) != self.nin:
            raise TypeError("%s() takes %d positional arguments but %d were given"
                            % (self.__name__, self.nin, len(args)))
        arrays = [np.asarray(a) for a in args]
        arg_types, result = self._resolve([a.dtype for a in arrays], arrays)
        shape = np.broadcast_shapes(*[a.shape for a in arrays])
        flat = [np.broadcast_to(a, shape).astype(t).reshape(-1) for a, t in zip(arrays, arg_types)]
        size = 1
        for n in shape:
            size *= n
        result_items = np.empty(size, dtype=result)
        self._loop(self.nin)(result_items, *flat)
        answer = result_items.reshape(shape)
        if out is not None:
            out[...] = answer
            return out
        return answer[()] if shape == () else answer


def vectorize(ftylist_or_function=(), **kws):
    """Numba's `@vectorize`: a ufunc from a scalar function, eager with a list of
    signatures (`["float64(float64, float64)"]`), lazy without. Only the CPU target."""
    target = kws.pop("target", "cpu")
    if target not in ("cpu", "parallel"):
        raise NotImplementedError("numba.vectorize(target=%r): only the CPU target" % target)
    if callable(ftylist_or_function) and not isinstance(ftylist_or_function, (str, list, tuple)):
        return _Vectorized(ftylist_or_function, [])
    signatures = ftylist_or_function
    if isinstance(signatures, str):
        signatures = [signatures]

    def decorate(func):
        return _Vectorized(func, list(signatures))

    return decorate


__all__ = ["jit", "njit", "prange", "types", "vectorize"] + [name for name in dir(types) if not name.startswith("_")]
