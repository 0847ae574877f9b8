"""numpy.linalg: `solve`, `inv`, `det`, `slogdet` on one LU factorization (native,
`numpy/src/linalg.rs`, reference LAPACK's order of arithmetic) and `norm`, with NumPy's
errors. Stacks of matrices (more than two dimensions) and the decompositions NumPy gets
from LAPACK's other drivers (eig, svd, qr, cholesky, lstsq) raise NotImplementedError.
"""

import _numpy
import numpy as _np
import math as _math

__all__ = ["LinAlgError", "solve", "inv", "det", "slogdet", "norm"]


class LinAlgError(ValueError):
    """Generic Python-exception-derived object raised by linalg functions."""


LinAlgError.__module__ = "numpy.linalg"

class SlogdetResult(tuple):
    """`slogdet`'s (sign, logabsdet), a named pair as NumPy's (written out: importing
    `collections` for namedtuple costs more than the rest of numpy.linalg)."""

    __slots__ = ()

    def __new__(cls, sign, logabsdet):
        return tuple.__new__(cls, (sign, logabsdet))

    sign = property(lambda self: self[0])
    logabsdet = property(lambda self: self[1])

    def __repr__(self):
        return f"SlogdetResult(sign={self[0]!r}, logabsdet={self[1]!r})"


def _float_matrix(a, name="array"):
    a = _np.asarray(a)
    if a.ndim < 2:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    if a.ndim > 2:
        raise NotImplementedError("numpy.linalg on stacks of matrices (more than 2 dimensions)")
    kind = a.dtype.kind
    if kind == "c":
        raise NotImplementedError("numpy.linalg of complex matrices")
    if a.dtype.name == "float32":
        raise NotImplementedError("numpy.linalg of float32 matrices")
    return a.astype(_np.float64) if a.dtype.name != "float64" else a


def solve(a, b):
    a = _float_matrix(a)
    b = _np.asarray(b)
    n = a.shape[0]
    if b.ndim == 1:
        if b.shape[0] != n:
            raise ValueError(f"solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m)->(m) (size {b.shape[0]} is different from {n})")
    elif b.ndim == 2:
        if b.shape[0] != n:
            raise ValueError(f"solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m,n)->(m,n) (size {b.shape[0]} is different from {n})")
    else:
        raise NotImplementedError("numpy.linalg.solve with a stack of right-hand sides")
    if b.dtype.kind == "c":
        raise NotImplementedError("numpy.linalg.solve of complex right-hand sides")
    x = _numpy.lu_solve(a._a, b.astype(_np.float64)._a)
    if x is None:
        raise LinAlgError("Singular matrix")
    return _np._wrap(x)


def inv(a):
    a = _float_matrix(a)
    x = _numpy.lu_solve(a._a, _np.eye(a.shape[0])._a)
    if x is None:
        raise LinAlgError("Singular matrix")
    return _np._wrap(x)


def slogdet(a):
    a = _float_matrix(a)
    sign, logdet = _numpy.slogdet(a._a)
    return SlogdetResult(_np.float64(sign), _np.float64(logdet))


def det(a):
    a = _float_matrix(a)
    sign, logdet = _numpy.slogdet(a._a)
    return _np.float64(sign * _math.exp(logdet))


def norm(x, ord=None, axis=None, keepdims=False):
    x = _np.asarray(x)
    if x.dtype.kind == "c":
        raise NotImplementedError("numpy.linalg.norm of complex arrays")
    if x.dtype.kind not in "f":
        x = x.astype(_np.float64)
    if axis is None:
        nd = x.ndim
        if ord is None or (ord in ("f", "fro") and nd == 2) or (ord == 2 and nd == 1):
            flat = x.ravel()
            ret = _np.sqrt(_np.dot(flat, flat))
            if keepdims:
                ret = _np.asarray(ret).reshape((1,) * nd)
            return ret
    nd = x.ndim
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        axis = (_np.operator_index(axis),)
    if len(axis) == 1:
        inf = float("inf")
        if ord == inf:
            return _np.abs(x).max(axis=axis, keepdims=keepdims)
        if ord == -inf:
            return _np.abs(x).min(axis=axis, keepdims=keepdims)
        if ord == 0:
            return (x != 0).astype(x.dtype).sum(axis=axis, keepdims=keepdims)
        if ord == 1:
            return _np.add.reduce(_np.abs(x), axis=axis, keepdims=keepdims)
        if ord is None or ord == 2:
            return _np.sqrt(_np.add.reduce(x * x, axis=axis, keepdims=keepdims))
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        absx = _np.abs(x) ** ord
        return _np.add.reduce(absx, axis=axis, keepdims=keepdims) ** (1.0 / ord)
    if len(axis) == 2:
        row_axis, col_axis = (a % nd for a in axis)
        if row_axis == col_axis:
            raise ValueError("Duplicate axes given.")
        inf = float("inf")
        if ord in (2, -2, "nuc"):
            raise NotImplementedError(f"numpy.linalg.norm with ord={ord!r} (singular values)")
        if ord in (1, -1):
            if col_axis > row_axis:
                col_axis -= 1
            sums = _np.add.reduce(_np.abs(x), axis=row_axis)
            ret = sums.max(axis=col_axis) if ord == 1 else sums.min(axis=col_axis)
        elif ord in (inf, -inf):
            if row_axis > col_axis:
                row_axis -= 1
            sums = _np.add.reduce(_np.abs(x), axis=col_axis)
            ret = sums.max(axis=row_axis) if ord == inf else sums.min(axis=row_axis)
        elif ord in (None, "fro", "f"):
            ret = _np.sqrt(_np.add.reduce(x * x, axis=axis))
        else:
            raise ValueError("Invalid norm order for matrices.")
        if keepdims:
            shape = list(x.shape)
            shape[axis[0] % nd] = 1
            shape[axis[1] % nd] = 1
            ret = _np.asarray(ret).reshape(tuple(shape))
        return ret
    raise ValueError("Improper number of dimensions to norm.")


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(f"numpy.linalg.{name} is not supported by pynum yet")
