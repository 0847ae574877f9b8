"""NumPy functions built on the native operations of `__init__.py`: sorting and searching
(`sort`, `argsort`, `unique`, `searchsorted`, `where`, `nonzero`), scans and statistics
(`cumsum`, `cumprod`, `std`, `var`, `diff`), comparisons (`isclose`, `allclose`,
`array_equal`), rounding and clipping, shape builders (`flip`, `roll`, `tile`, `repeat`,
`outer`, `meshgrid`, `column_stack`, `diag`), print options and floating-point error
settings.

Assumes `numpy/__init__.py` has defined everything it imports from it before it imports
this module (it does so last). Lane work (sorting, scans, binary search, selection) is
native (`numpy/src/lanes.rs`).
"""

import _numpy
import builtins as _builtins
import math as _math

from . import (_wrap, _result, _true_positions, _dtype_name, _norm_axis, _axis_arg, _KIND, _ERR, asarray, array,
               ndarray, concatenate, broadcast_shapes, broadcast_to, result_type, int64,
               float64, integer, floating, generic, reshape, _print)
from . import add, subtract, multiply, divide, maximum, minimum, rint, sqrt, absolute
from . import isfinite, isnan, not_equal, equal, less_equal

__all__ = ["sort", "argsort", "unique", "searchsorted", "where", "nonzero", "flatnonzero",
           "argwhere", "cumsum", "cumprod", "std", "var", "diff", "isclose", "allclose",
           "array_equal", "round", "around", "clip", "count_nonzero", "flip", "fliplr",
           "flipud", "roll", "tile", "repeat", "outer", "meshgrid", "column_stack", "diag",
           "set_printoptions", "get_printoptions", "printoptions", "seterr", "geterr",
           "errstate", "ptp", "median", "average", "trace", "bincount"]


def _lane_axis(a, axis):
    """(array, axis) for a lane operation: `axis=None` works on the flattened array."""
    if axis is None:
        return a.ravel(), 0
    return a, _norm_axis(axis, a.ndim)


# ---------------------------------------------------------------- sorting and searching

def sort(a, axis=-1, kind=None, order=None):
    if order is not None:
        raise NotImplementedError("numpy.sort with order= (structured arrays)")
    a, axis = _lane_axis(asarray(a), axis)
    return _wrap(_numpy.sort(a._a, axis))


def argsort(a, axis=-1, kind=None, order=None, stable=None):
    if order is not None:
        raise NotImplementedError("numpy.argsort with order= (structured arrays)")
    a, axis = _lane_axis(asarray(a), axis)
    return _wrap(_numpy.argsort(a._a, axis))


def searchsorted(a, v, side="left", sorter=None):
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    a = asarray(a)
    if sorter is not None:
        a = a[asarray(sorter)]
    scalar = not isinstance(v, (ndarray, list, tuple))
    va = asarray(v)
    dtype = _dtype_name(result_type(a, va))
    r = _numpy.searchsorted(a._a, va._a, side == "right", dtype)
    return _result(r) if scalar else _wrap(r)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None,
           *, equal_nan=True):
    if axis is not None:
        raise NotImplementedError("numpy.unique with axis=")
    a = asarray(ar)
    flat = a.ravel()
    order = argsort(flat)
    values = flat[order].tolist()
    n = len(values)
    firsts = []
    for i in range(n):
        v = values[i]
        if i == 0:
            firsts.append(0)
            continue
        prev = values[i - 1]
        same = v == prev or (equal_nan and v != v and prev != prev)
        if not same:
            firsts.append(i)
    uniq = flat[order[array(firsts, dtype=int64)]] if n else flat[:0]
    if not (return_index or return_inverse or return_counts):
        return uniq
    out = [uniq]
    if return_index:
        out.append(order[array(firsts, dtype=int64)] if n else array([], dtype=int64))
    if return_inverse:
        inverse = [0] * n
        group = -1
        firsts_set = set(firsts)
        positions = order.tolist()
        for i in range(n):
            if i in firsts_set:
                group += 1
            inverse[positions[i]] = group
        inv = array(inverse, dtype=int64)
        out.append(inv.reshape(a.shape) if a.ndim > 1 else inv)
    if return_counts:
        bounds = firsts + [n]
        out.append(array([bounds[k + 1] - bounds[k] for k in range(len(firsts))], dtype=int64))
    return tuple(out)


def nonzero(a):
    a = asarray(a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead. If the context of this error is of the form `arr.nonzero()`, please use `np.atleast_1d(arr).nonzero()` instead.")
    flat = _true_positions(a)
    coords = [[] for _ in range(a.ndim)]
    for i in flat:
        for k in range(a.ndim - 1, -1, -1):
            i, r = divmod(i, a.shape[k])
            coords[k].append(r)
    return tuple(array(c, dtype=int64) for c in coords)


def flatnonzero(a):
    return nonzero(asarray(a).ravel())[0]


def argwhere(a):
    a = asarray(a)
    if a.ndim == 0:
        a = a.reshape((1,))
        return array([[0]] if a.tolist()[0] else [], dtype=int64).reshape((-1, 0))
    coords = nonzero(a)
    n = coords[0].size
    return array([[int(c[i]) for c in coords] for i in range(n)], dtype=int64).reshape((n, a.ndim))


def where(condition, x=None, y=None):
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    c = asarray(condition)
    dtype = _dtype_name(result_type(x, y))
    xa, ya = asarray(x), asarray(y)
    shape = broadcast_shapes(c.shape, xa.shape, ya.shape)
    parts = [broadcast_to(v, shape)._a for v in (c, xa, ya)]
    return _result(_numpy.select(parts[0], parts[1], parts[2], dtype))


# ---------------------------------------------------------------- scans and statistics

def _accumulator(name, dtype):
    if dtype is not None:
        return _dtype_name(dtype)
    kind = _KIND[name]
    if kind in "bi":
        return "int64"
    if kind == "u":
        return "uint64"
    return name


def cumsum(a, axis=None, dtype=None, out=None):
    a, axis = _lane_axis(asarray(a), axis)
    return _wrap(_numpy.scan("add", a._a, axis, _accumulator(a.dtype.name, dtype)))


def cumprod(a, axis=None, dtype=None, out=None):
    a, axis = _lane_axis(asarray(a), axis)
    return _wrap(_numpy.scan("multiply", a._a, axis, _accumulator(a.dtype.name, dtype)))


def _count(a, axis):
    if axis is None:
        return a.size
    n = 1
    for k in (axis if isinstance(axis, tuple) else (axis,)):
        n *= a.shape[_norm_axis(k, a.ndim)]
    return n


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, mean=None):
    a = asarray(a)
    if _KIND[a.dtype.name] == "c":
        raise NotImplementedError("numpy.var of complex arrays")
    acc = _dtype_name(dtype) if dtype is not None else ("float64" if _KIND[a.dtype.name] in "biu" else a.dtype.name)
    ax = _axis_arg(axis, a.ndim)
    total = _numpy.reduce("sum", a._a, ax, True, acc)
    n = _count(a, ax)
    centre = _numpy.binary("divide", total, n)
    deviations = _numpy.binary("subtract", a._a, centre)
    squares = _numpy.binary("multiply", deviations, deviations)
    ss = _numpy.reduce("sum", squares, ax, _builtins.bool(keepdims), acc)
    return _result(_numpy.binary("divide", ss, _builtins.max(n - ddof, 0)))


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, mean=None):
    return sqrt(var(a, axis, dtype, None, ddof, keepdims))


def ptp(a, axis=None, keepdims=False):
    a = asarray(a)
    return subtract(a.max(axis=axis, keepdims=keepdims), a.min(axis=axis, keepdims=keepdims))


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = asarray(a)
    if weights is None:
        avg = a.mean(axis=axis, keepdims=keepdims)
        if returned:
            return avg, float64(_count(a, _axis_arg(axis, a.ndim)))
        return avg
    w = asarray(weights)
    if w.shape != a.shape:
        raise NotImplementedError("numpy.average with weights of another shape than a")
    scl = w.sum(axis=axis, keepdims=keepdims)
    avg = divide(multiply(a, w).sum(axis=axis, keepdims=keepdims), scl)
    return (avg, scl) if returned else avg


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    if axis is not None:
        raise NotImplementedError("numpy.median with axis=")
    s = sort(asarray(a).ravel())
    n = s.size
    if n == 0:
        return float64("nan")
    if n % 2:
        return divide(add(s[n // 2], s[n // 2]), 2) if _KIND[s.dtype.name] in "biu" else s[n // 2] * 1.0
    return divide(add(s[n // 2 - 1], s[n // 2]), 2)


def trace(a, offset=0):
    a = asarray(a)
    n = _builtins.min(a.shape[0], a.shape[1] - offset) if offset >= 0 else _builtins.min(a.shape[0] + offset, a.shape[1])
    items = [a[i, i + offset] if offset >= 0 else a[i - offset, i] for i in range(_builtins.max(n, 0))]
    return asarray(items, dtype=a.dtype).sum() if items else a.dtype.type(0)


def bincount(x, weights=None, minlength=0):
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 1." if x.ndim > 1 else "object of too small depth for desired array")
    if x.size and _KIND[x.dtype.name] not in "biu":
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'" % x.dtype.name)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    items = x.tolist()
    if any(v < 0 for v in items):
        raise ValueError("'list' argument must have no negative elements")
    n = _builtins.max(_builtins.max(items, default=-1) + 1, minlength)
    if weights is None:
        counts = [0] * n
        for v in items:
            counts[v] += 1
        return array(counts, dtype=int64)
    w = asarray(weights, dtype=float64).tolist()
    if len(w) != len(items):
        raise ValueError("The weights and list don't have the same length.")
    sums = [0.0] * n
    for v, wt in zip(items, w):
        sums[v] += wt
    return array(sums, dtype=float64)


def diff(a, n=1, axis=-1):
    a = asarray(a)
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = _norm_axis(axis, a.ndim)
    head = (slice(None),) * axis
    for _ in range(n):
        later, earlier = a[head + (slice(1, None),)], a[head + (slice(None, -1),)]
        a = not_equal(later, earlier) if a.dtype.name == "bool" else subtract(later, earlier)
    return a


def count_nonzero(a, axis=None, *, keepdims=False):
    a = asarray(a)
    nz = not_equal(a, 0) if a.dtype.name != "bool" else a
    r = nz.sum(axis=axis, keepdims=keepdims)
    return int(r) if axis is None and not keepdims else r


# ---------------------------------------------------------------- comparisons, rounding

def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = asarray(a), asarray(b)
    if _KIND[y.dtype.name] in "biu":
        y = y.astype(float64)
    with errstate(invalid="ignore"):  # inf - inf, as NumPy's isclose
        result = (less_equal(absolute(subtract(x, y)), add(atol, multiply(rtol, absolute(y)))) & isfinite(y)) | equal(x, y)
    if equal_nan:
        result = result | (isnan(x) & isnan(y))
    return result[()] if isinstance(result, ndarray) and result.ndim == 0 else result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    r = isclose(a, b, rtol, atol, equal_nan)
    return _builtins.bool(asarray(r).all())


def array_equal(a1, a2, equal_nan=False):
    try:
        x, y = asarray(a1), asarray(a2)
    except Exception:
        return False
    if x.shape != y.shape:
        return False
    eq = equal(x, y)
    if equal_nan:
        eq = eq | (isnan(x) & isnan(y))
    return _builtins.bool(asarray(eq).all())


def around(a, decimals=0, out=None):
    if out is not None:
        raise NotImplementedError("numpy.round with out=")
    x = asarray(a)
    scalar = not isinstance(a, ndarray)
    kind = _KIND[x.dtype.name]
    if kind in "biu":
        if decimals >= 0:
            r = x.copy()
        else:
            raise NotImplementedError("numpy.round of integers with negative decimals")
    elif kind == "c":
        raise NotImplementedError("numpy.round of complex arrays")
    elif decimals >= 0:
        f = 10.0 ** decimals
        r = divide(rint(multiply(x, f)), f)
    else:
        f = 10.0 ** -decimals
        r = multiply(rint(divide(x, f)), f)
    if scalar:
        return r[()] if isinstance(r, ndarray) else r
    return r


round = around


def clip(a, a_min=None, a_max=None, out=None, *, min=None, max=None):
    if min is not None:
        a_min = min
    if max is not None:
        a_max = max
    if a_min is None and a_max is None:
        raise ValueError("One of max or min must be given")
    r = asarray(a)
    if a_min is not None:
        r = maximum(r, a_min)
    if a_max is not None:
        r = minimum(r, a_max)
    if out is not None:
        out[...] = r
        return out
    return r


# ---------------------------------------------------------------- shape builders

def flip(m, axis=None):
    m = asarray(m)
    axes = range(m.ndim) if axis is None else [_norm_axis(k, m.ndim) for k in (axis if isinstance(axis, tuple) else (axis,))]
    key = tuple(slice(None, None, -1) if k in axes else slice(None) for k in range(m.ndim))
    return m[key]


def fliplr(m):
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(m, 1)


def flipud(m):
    m = asarray(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(m, 0)


def roll(a, shift, axis=None):
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    axis = _norm_axis(axis, a.ndim)
    n = a.shape[axis]
    if n == 0:
        return a.copy()
    k = shift % n
    head = (slice(None),) * axis
    return concatenate([a[head + (slice(n - k, None),)], a[head + (slice(None, n - k),)]], axis=axis)


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    axis = _norm_axis(axis, a.ndim)
    n = a.shape[axis]
    reps = [repeats] * n if isinstance(repeats, (int, integer)) else list(repeats)
    if len(reps) != n:
        raise ValueError(f"operands could not be broadcast together with shape ({n},) ({len(reps)},)")
    index = [i for i in range(n) for _ in range(int(reps[i]))]
    moved = a if axis == 0 else a.swapaxes(0, axis)
    picked = moved[array(index, dtype=int64)]
    return picked if axis == 0 else picked.swapaxes(0, axis).copy()


def tile(A, reps):
    a = asarray(A)
    reps = (reps,) if isinstance(reps, (int, integer)) else tuple(reps)
    d = _builtins.max(len(reps), a.ndim)
    a = a.reshape((1,) * (d - a.ndim) + a.shape)
    reps = (1,) * (d - len(reps)) + reps
    for axis, r in enumerate(reps):
        if r != 1:
            a = concatenate([a] * r, axis=axis) if r > 0 else a[(slice(None),) * axis + (slice(0, 0),)]
    return a.copy() if a is A else a


def outer(a, b, out=None):
    a, b = asarray(a).ravel(), asarray(b).ravel()
    return multiply(a.reshape((a.size, 1)), b.reshape((1, b.size)))


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    arrays = [asarray(x).ravel() for x in xi]
    ndim = len(arrays)
    shapes = [[1] * ndim for _ in arrays]
    for i, x in enumerate(arrays):
        shapes[i][i] = x.size
    if indexing == "xy" and ndim > 1:
        shapes[0][0], shapes[0][1] = 1, arrays[0].size
        shapes[1][0], shapes[1][1] = arrays[1].size, 1
    out = [x.reshape(tuple(s)) for x, s in zip(arrays, shapes)]
    if sparse:
        return tuple(o.copy() for o in out) if copy else tuple(out)
    full = broadcast_shapes(*[o.shape for o in out])
    return tuple(broadcast_to(o, full).copy() for o in out)


def column_stack(tup):
    cols = []
    for v in tup:
        v = asarray(v)
        cols.append(v.reshape((v.size, 1)) if v.ndim < 2 else v)
    return concatenate(cols, axis=1)


def diag(v, k=0):
    v = asarray(v)
    if v.ndim == 1:
        n = v.size + abs(k)
        from . import zeros
        out = zeros((n, n), dtype=v.dtype)
        for i, x in enumerate(v.tolist()):
            if k >= 0:
                out[i, i + k] = x
            else:
                out[i - k, i] = x
        return out
    if v.ndim == 2:
        rows, cols = v.shape
        items = []
        i, j = (0, k) if k >= 0 else (-k, 0)
        while i < rows and j < cols:
            items.append(v[i, j])
            i, j = i + 1, j + 1
        return array([x.item() for x in items], dtype=v.dtype) if items else v.ravel()[:0].copy()
    raise ValueError("Input must be 1- or 2-d.")


# ---------------------------------------------------------------- print options

def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     suppress=None, nanstr=None, infstr=None, formatter=None, sign=None,
                     floatmode=None, *, legacy=None, override_repr=None):
    unsupported = [name for name, v in (("nanstr", nanstr), ("infstr", infstr), ("formatter", formatter),
                                         ("sign", sign), ("floatmode", floatmode), ("legacy", legacy),
                                         ("override_repr", override_repr)) if v is not None]
    if unsupported:
        raise NotImplementedError("numpy.set_printoptions with " + ", ".join(unsupported))
    if precision is not None:
        _print.PRECISION = _builtins.int(precision)
    if threshold is not None:
        _print.THRESHOLD = _builtins.int(threshold)
    if edgeitems is not None:
        _print.EDGEITEMS = _builtins.int(edgeitems)
    if linewidth is not None:
        _print.LINEWIDTH = _builtins.int(linewidth)
    if suppress is not None:
        _print.SUPPRESS = _builtins.bool(suppress)


def get_printoptions():
    return {"edgeitems": _print.EDGEITEMS, "threshold": _print.THRESHOLD, "floatmode": "maxprec",
            "precision": _print.PRECISION, "suppress": _print.SUPPRESS, "linewidth": _print.LINEWIDTH,
            "nanstr": "nan", "infstr": "inf", "sign": "-", "formatter": None, "legacy": False,
            "override_repr": None}


class printoptions:
    def __init__(self, **options):
        self.options = options

    def __enter__(self):
        self.saved = get_printoptions()
        set_printoptions(**self.options)
        return get_printoptions()

    def __exit__(self, *exc):
        s = self.saved
        set_printoptions(precision=s["precision"], threshold=s["threshold"], edgeitems=s["edgeitems"],
                         linewidth=s["linewidth"], suppress=s["suppress"])
        return False


# ---------------------------------------------------------------- floating-point errors

_ERR_MODES = ("ignore", "warn", "raise", "call", "print", "log")


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    """Sets how ufuncs report floating-point errors (`_fp_check` in `__init__.py`);
    "call" and "log" warn as "warn" does."""
    old = dict(_ERR)
    for name, mode in (("divide", divide), ("over", over), ("under", under), ("invalid", invalid)):
        mode = mode if mode is not None else all
        if mode is not None:
            if mode not in _ERR_MODES:
                raise ValueError(f"invalid error mode {mode!r}")
            _ERR[name] = mode
    return old


def geterr():
    return dict(_ERR)


class errstate:
    def __init__(self, *, call=None, all=None, divide=None, over=None, under=None, invalid=None):
        self.settings = {"all": all, "divide": divide, "over": over, "under": under, "invalid": invalid}

    def __enter__(self):
        self.saved = seterr(**self.settings)

    def __exit__(self, *exc):
        _ERR.clear()
        _ERR.update(self.saved)
        return False

    def __call__(self, func):
        def wrapped(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return wrapped
