"""pynum's `numba`: the decorators of Numba with Numba's documented meaning, compiled by
pynum's own tiers (Cranelift today). Only what is implemented is here; nothing is
pretended.

- `njit` / `jit` (nopython by default, as in Numba 0.59+): a dispatcher that compiles on
  the first call with new argument types, or eagerly for explicit signatures.
- `jit(forceobj=True)`: object mode; the function runs in the interpreter.
- `prange` is `range` until the parallel target exists.
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

__all__ = ["jit", "njit", "prange", "types"] + [name for name in dir(types) if not name.startswith("_")]
