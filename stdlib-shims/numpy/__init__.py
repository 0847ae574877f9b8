"""pynum's numpy: NumPy 2's API for the subset numeric code uses, on the native `_numpy`
module (crate `pynum-numpy`, `numpy/src/`).

`ndarray` holds one native `_Array` view (`_a`: data pointer, dtype, shape, strides, in
the layout of `runtime/src/abi.rs`'s `array_layout`) and the array that owns its memory
(`_base`). Everything that walks items is native; this file converts arguments, picks
dtypes where NumPy's rules are about Python objects, and builds the rest of the API from
the native operations. What is not supported raises NotImplementedError naming it.
"""

import _numpy
import math as _math
import builtins as _builtins

from . import exceptions
from .exceptions import AxisError

__version__ = "2.4.0"

pi = _math.pi
e = _math.e
inf = float("inf")
nan = float("nan")
newaxis = None
euler_gamma = 0.5772156649015329

_DTYPE_NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                "uint64", "float32", "float64", "complex128")
_ALIASES = {
    "bool": "bool", "?": "bool", "b1": "bool", "bool_": "bool",
    "int8": "int8", "i1": "int8", "b": "int8", "byte": "int8",
    "int16": "int16", "i2": "int16", "h": "int16", "short": "int16",
    "int32": "int32", "i4": "int32", "i": "int32", "intc": "int32",
    "int64": "int64", "i8": "int64", "l": "int64", "q": "int64", "int": "int64", "int_": "int64", "intp": "int64", "long": "int64",
    "uint8": "uint8", "u1": "uint8", "B": "uint8", "ubyte": "uint8",
    "uint16": "uint16", "u2": "uint16", "H": "uint16",
    "uint32": "uint32", "u4": "uint32", "I": "uint32",
    "uint64": "uint64", "u8": "uint64", "L": "uint64", "Q": "uint64", "uint": "uint64", "uintp": "uint64",
    "float32": "float32", "f4": "float32", "f": "float32", "single": "float32",
    "float64": "float64", "f8": "float64", "d": "float64", "float": "float64", "double": "float64",
    "complex128": "complex128", "c16": "complex128", "D": "complex128", "complex": "complex128",
}
_KIND = {"bool": "b", "int8": "i", "int16": "i", "int32": "i", "int64": "i", "uint8": "u", "uint16": "u",
         "uint32": "u", "uint64": "u", "float32": "f", "float64": "f", "complex128": "c"}
_CHAR = {"bool": "?", "int8": "b", "int16": "h", "int32": "i", "int64": "l", "uint8": "B", "uint16": "H",
         "uint32": "I", "uint64": "L", "float32": "f", "float64": "d", "complex128": "D"}
_ITEMSIZE = {"bool": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "uint8": 1, "uint16": 2,
             "uint32": 4, "uint64": 8, "float32": 4, "float64": 8, "complex128": 16}
_dtype_cache = {}


def _dtype_name(obj):
    """The canonical name of anything NumPy accepts as a dtype."""
    if obj is None:
        return "float64"
    if isinstance(obj, dtype):
        return obj.name
    if isinstance(obj, str):
        name = _ALIASES.get(obj)
        if name is None:
            raise TypeError(f"data type {obj!r} not understood")
        return name
    if isinstance(obj, type):
        if obj is _builtins.bool:
            return "bool"
        if obj is _builtins.int:
            return "int64"
        if obj is _builtins.float:
            return "float64"
        if obj is _builtins.complex:
            return "complex128"
        name = getattr(obj, "_dtype_name", None)
        if name is not None:
            return name
    raise TypeError(f"Cannot interpret '{obj!r}' as a data type")


class dtype:
    """A data type: one of the names in `_DTYPE_NAMES` (instances are shared)."""

    __slots__ = ("name",)

    def __new__(cls, obj=None):
        name = _dtype_name(obj)
        d = _dtype_cache.get(name)
        if d is None:
            d = object.__new__(cls)
            object.__setattr__(d, "name", name)
            _dtype_cache[name] = d
        return d

    def __setattr__(self, key, value):
        raise AttributeError(f"attribute '{key}' of 'numpy.dtype' objects is not writable")

    @property
    def kind(self):
        return _KIND[self.name]

    @property
    def char(self):
        return _CHAR[self.name]

    @property
    def itemsize(self):
        return _ITEMSIZE[self.name]

    @property
    def type(self):
        return _SCALAR_TYPES[self.name]

    @property
    def str(self):
        return ("|" if self.itemsize == 1 else "<") + self.kind + _builtins.str(self.itemsize)

    def __repr__(self):
        return f"dtype('{self.name}')"

    def __str__(self):
        return self.name

    def __eq__(self, other):
        try:
            return self.name == _dtype_name(other)
        except TypeError:
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)


# ---------------------------------------------------------------- scalars

class generic:
    """Base of NumPy's scalar types."""
    __slots__ = ()

    @property
    def dtype(self):
        return dtype(self._dtype_name)

    @property
    def itemsize(self):
        return _ITEMSIZE[self._dtype_name]

    @property
    def ndim(self):
        return 0

    @property
    def shape(self):
        return ()

    @property
    def size(self):
        return 1

    def item(self):
        return self._py()

    def tolist(self):
        return self._py()

    def astype(self, dt):
        # Through a 0-d array: narrowing wraps and floats truncate, as NumPy's casts do.
        return _result(_numpy.astype(self.__array_operand__(), _dtype_name(dt)))

    def __array_operand__(self):
        return _numpy.from_flat([self._py()], (), self._dtype_name)

    # Arithmetic goes through 0-d arrays so results follow NumPy's promotion.
    def __add__(self, o): return _binop("add", self, o)
    def __radd__(self, o): return _binop("add", o, self)
    def __sub__(self, o): return _binop("subtract", self, o)
    def __rsub__(self, o): return _binop("subtract", o, self)
    def __mul__(self, o): return _binop("multiply", self, o)
    def __rmul__(self, o): return _binop("multiply", o, self)
    def __truediv__(self, o): return _binop("divide", self, o)
    def __rtruediv__(self, o): return _binop("divide", o, self)
    def __floordiv__(self, o): return _binop("floor_divide", self, o)
    def __rfloordiv__(self, o): return _binop("floor_divide", o, self)
    def __mod__(self, o): return _binop("remainder", self, o)
    def __rmod__(self, o): return _binop("remainder", o, self)
    def __pow__(self, o): return _binop("power", self, o)
    def __rpow__(self, o): return _binop("power", o, self)
    def __and__(self, o): return _binop("bitwise_and", self, o)
    def __rand__(self, o): return _binop("bitwise_and", o, self)
    def __or__(self, o): return _binop("bitwise_or", self, o)
    def __ror__(self, o): return _binop("bitwise_or", o, self)
    def __xor__(self, o): return _binop("bitwise_xor", self, o)
    def __rxor__(self, o): return _binop("bitwise_xor", o, self)
    # Integer scalars are int subclasses here: without these, int's own methods answered
    # with unbounded ints (`np.uint8(200) << 1` was 400, NumPy's np.uint8(144)).
    def __lshift__(self, o): return _binop("left_shift", self, o)
    def __rlshift__(self, o): return _binop("left_shift", o, self)
    def __rshift__(self, o): return _binop("right_shift", self, o)
    def __rrshift__(self, o): return _binop("right_shift", o, self)
    def __divmod__(self, o): return (_binop("floor_divide", self, o), _binop("remainder", self, o))
    def __rdivmod__(self, o): return (_binop("floor_divide", o, self), _binop("remainder", o, self))
    def __lt__(self, o): return _binop("less", self, o)
    def __le__(self, o): return _binop("less_equal", self, o)
    def __gt__(self, o): return _binop("greater", self, o)
    def __ge__(self, o): return _binop("greater_equal", self, o)
    def __eq__(self, o): return _binop("equal", self, o)
    def __ne__(self, o): return _binop("not_equal", self, o)
    def __neg__(self): return _unop("negative", self)
    def __pos__(self): return _unop("positive", self)
    def __abs__(self): return _unop("absolute", self)
    def __invert__(self): return _unop("invert", self)


class number(generic):
    __slots__ = ()


class integer(number):
    __slots__ = ()

    def _py(self):
        return int(self)

    def __repr__(self):
        return f"np.{self._dtype_name}({int.__repr__(self)})"

    def __str__(self):
        return int.__repr__(self)

    def __hash__(self):
        return int.__hash__(self)

    def __index__(self):
        return int(self)

    def is_integer(self):
        return True


class signedinteger(integer):
    __slots__ = ()


class unsignedinteger(integer):
    __slots__ = ()


class inexact(number):
    __slots__ = ()


class floating(inexact):
    __slots__ = ()

    def _py(self):
        return float(self)

    def __repr__(self):
        return f"np.{self._dtype_name}({self.__str__()})"

    def __str__(self):
        return _numpy.float_repr(float(self), 32 if self._dtype_name == "float32" else 64)

    def __hash__(self):
        return float.__hash__(self)

    def is_integer(self):
        return float(self).is_integer()

    def __round__(self, ndigits=None):
        if ndigits is None:
            return float.__round__(self)
        # NumPy's: the same type, rounded by scaling and rint (`np.round`).
        from ._functions import round as np_round
        return np_round(self, ndigits)


class complexfloating(inexact):
    __slots__ = ()

    def _py(self):
        return complex(self)

    def __repr__(self):
        text = self.__str__()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1]
        return f"np.{self._dtype_name}({text})"

    def __str__(self):
        from . import _print
        return _print.complex_scalar_str(complex(self))

    def __hash__(self):
        return complex.__hash__(self)


def _make_int(name, base):
    def __new__(cls, value=0):
        if isinstance(value, (str, bytes)):
            value = int(value)
        a = _numpy.from_flat([value], (), cls._dtype_name) if isinstance(value, int) else \
            _numpy.astype(_operand(value) if not isinstance(value, (float, _builtins.bool)) else _numpy.from_flat([value], (), "float64" if isinstance(value, float) else "bool"), cls._dtype_name)
        return int.__new__(cls, _numpy.tolist(a))
    return type(name, (base, int), {"__slots__": (), "_dtype_name": name, "__new__": __new__,
                                     "__module__": "numpy"})


int8 = _make_int("int8", signedinteger)
int16 = _make_int("int16", signedinteger)
int32 = _make_int("int32", signedinteger)
int64 = _make_int("int64", signedinteger)
uint8 = _make_int("uint8", unsignedinteger)
uint16 = _make_int("uint16", unsignedinteger)
uint32 = _make_int("uint32", unsignedinteger)
uint64 = _make_int("uint64", unsignedinteger)


class float64(floating, float):
    __slots__ = ()
    _dtype_name = "float64"


class float32(floating, float):
    __slots__ = ()
    _dtype_name = "float32"

    def __new__(cls, value=0.0):
        return float.__new__(cls, _numpy.tolist(_numpy.astype(_numpy.from_flat([float(value)], (), "float64"), "float32")))


class complex128(complexfloating, complex):
    __slots__ = ()
    _dtype_name = "complex128"


class bool(generic):
    """`np.bool` (`np.bool_`): NumPy's boolean scalar; `np.True_` and `np.False_`."""
    __slots__ = ("_v",)
    _dtype_name = "bool"

    def __new__(cls, value=False):
        v = _builtins.bool(value)
        return True_ if v else False_

    def _py(self):
        return self._v

    def __bool__(self):
        return self._v

    def __index__(self):
        raise TypeError("'numpy.bool' object cannot be interpreted as an integer")

    def __int__(self):
        return int(self._v)

    def __float__(self):
        return float(self._v)

    def __repr__(self):
        return "np.True_" if self._v else "np.False_"

    def __str__(self):
        return "True" if self._v else "False"

    def __hash__(self):
        return hash(self._v)


True_ = object.__new__(bool)
object.__setattr__(True_, "_v", True)
False_ = object.__new__(bool)
object.__setattr__(False_, "_v", False)
bool_ = bool

int_ = intp = long = int64
uint = uintp = uint64
double = float_ = float64
single = float32
cdouble = complex_ = complex128
byte, short, intc = int8, int16, int32
ubyte, ushort, uintc = uint8, uint16, uint32

_SCALAR_TYPES = {"bool": bool, "int8": int8, "int16": int16, "int32": int32, "int64": int64,
                 "uint8": uint8, "uint16": uint16, "uint32": uint32, "uint64": uint64,
                 "float32": float32, "float64": float64, "complex128": complex128}


def _scalar(name, value):
    """The NumPy scalar of dtype `name` holding the Python value `value`."""
    if name == "bool":
        return True_ if value else False_
    t = _SCALAR_TYPES[name]
    if name in ("float32",):
        return float.__new__(t, value)
    if name == "float64":
        return float.__new__(float64, value)
    if name == "complex128":
        return complex.__new__(complex128, value)
    return int.__new__(t, value)


# ---------------------------------------------------------------- arrays

def _wrap(a, base=None):
    arr = object.__new__(ndarray)
    arr._a = a
    arr._base = base
    return arr


def _result(a):
    """A ufunc's output: 0-d results become scalars, as NumPy returns them."""
    if a.ndim == 0:
        return _scalar(a.dtype, _numpy.tolist(a))
    return _wrap(a)


def _operand(x):
    """What the native operations take: an `_Array`, or a Python scalar (weak)."""
    if isinstance(x, ndarray):
        return x._a
    if isinstance(x, generic):
        return x.__array_operand__()
    if isinstance(x, (_builtins.bool, int, float, complex)):
        return x
    if isinstance(x, (list, tuple)):
        return asarray(x)._a
    raise TypeError(f"unsupported operand type: '{type(x).__name__}'")


# np.seterr's settings, and the flags `_numpy.fp_errors()` reports, in NumPy's order.
_ERR = {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}
_FP_ERRORS = ((4, "divide", "divide by zero"), (8, "over", "overflow"),
              (16, "under", "underflow"), (1, "invalid", "invalid value"))


def _fp_check(name):
    """Reports the floating-point errors of the latest native operation, `name`, as NumPy
    does: a RuntimeWarning pointing at the user's line, or FloatingPointError."""
    flags = _numpy.fp_errors()
    if not flags:
        return
    for bit, kind, text in _FP_ERRORS:
        if not flags & bit:
            continue
        mode = _ERR[kind]
        if mode == "ignore":
            continue
        message = f"{text} encountered in {name}"
        if mode == "raise":
            raise FloatingPointError(message)
        if mode == "print":
            print(f"Warning: {message}")
            continue
        import sys
        import warnings
        frame, level = sys._getframe(1), 2
        while frame is not None and (frame.f_code.co_filename == "numpy" or frame.f_code.co_filename.startswith("numpy.")):
            frame, level = frame.f_back, level + 1
        warnings.warn(message, RuntimeWarning, stacklevel=level)


def _binop(name, x, y):
    try:
        ox, oy = _operand(x), _operand(y)
    except TypeError:
        return NotImplemented
    if not isinstance(ox, _numpy._Array) and not isinstance(oy, _numpy._Array):
        ox = asarray(x)._a
    r = _numpy.binary(name, ox, oy)
    _fp_check(_scalar_name(name, x, y))
    return _result(r)


def _scalar_name(name, *operands):
    """NumPy names an operation between scalars "scalar <name>" in its warnings."""
    if _builtins.any(isinstance(o, ndarray) for o in operands):
        return name
    return "scalar " + name


def _unop(name, x):
    r = _numpy.unary(name, asarray(x)._a)
    _fp_check(_scalar_name(name, x))
    return _result(r)


def _axis_arg(axis, ndim):
    if axis is None:
        return None
    if isinstance(axis, tuple):
        return tuple(operator_index(k) for k in axis)
    return operator_index(axis)


def operator_index(k):
    import operator
    return operator.index(k)


class _Flags:
    __slots__ = ("_arr",)

    def __init__(self, arr):
        self._arr = arr

    @property
    def c_contiguous(self):
        return self._arr._a.c_contiguous

    @property
    def f_contiguous(self):
        return self._arr._a.f_contiguous

    @property
    def writeable(self):
        return self._arr._a.writeable

    @writeable.setter
    def writeable(self, value):
        if not value:
            self._arr._a = _numpy.readonly(self._arr._a)
        elif not self._arr._a.writeable:
            raise NotImplementedError("numpy: setting flags.writeable back to True")

    @property
    def owndata(self):
        return self._arr._base is None

    @property
    def aligned(self):
        return True

    @property
    def writebackifcopy(self):
        return False

    _KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "F_CONTIGUOUS": "f_contiguous",
             "F": "f_contiguous", "OWNDATA": "owndata", "WRITEABLE": "writeable", "W": "writeable",
             "ALIGNED": "aligned", "WRITEBACKIFCOPY": "writebackifcopy"}

    def __getitem__(self, key):
        return getattr(self, self._KEYS[key])

    def __repr__(self):
        rows = ["C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED", "WRITEBACKIFCOPY"]
        return "\n".join(f"  {k} : {self[k]}" for k in rows) + "\n"


def _shape_arg(shape):
    if isinstance(shape, (int, integer)) and not isinstance(shape, _builtins.bool):
        return (int(shape),)
    return tuple(operator_index(n) for n in shape)


class ndarray:
    """An n-dimensional array: a view (`_a`) and the array owning its memory (`_base`)."""

    __slots__ = ("_a", "_base")
    __hash__ = None

    def __new__(cls, shape, dtype=float):
        return _wrap(_numpy.zeros(_shape_arg(shape), _dtype_name(dtype)))

    # -- attributes
    @property
    def shape(self):
        return self._a.shape

    @property
    def strides(self):
        return self._a.strides

    @property
    def ndim(self):
        return self._a.ndim

    @property
    def size(self):
        return self._a.size

    @property
    def itemsize(self):
        return self._a.itemsize

    @property
    def nbytes(self):
        return self._a.size * self._a.itemsize

    @property
    def dtype(self):
        return dtype(self._a.dtype)

    @property
    def base(self):
        return self._base

    @property
    def flags(self):
        return _Flags(self)

    @property
    def T(self):
        return self.transpose()

    @property
    def real(self):
        if self._a.dtype == "complex128":
            return self._view(_numpy.component(self._a, False))
        return self

    @real.setter
    def real(self, value):
        self.real[...] = value

    @property
    def imag(self):
        if self._a.dtype == "complex128":
            return self._view(_numpy.component(self._a, True))
        return zeros(self.shape, dtype=self.dtype)  # NumPy's is also read-only

    @imag.setter
    def imag(self, value):
        if self._a.dtype != "complex128":
            raise TypeError("array does not have imaginary part to set")
        self.imag[...] = value

    def _view(self, a):
        return _wrap(a, self if self._base is None else self._base)

    # -- conversion
    def tolist(self):
        return _numpy.tolist(self._a)

    def item(self, *args):
        if not args:
            if self._a.size != 1:
                raise ValueError("can only convert an array of size 1 to a Python scalar")
            return _numpy.values(self._a)[0]
        if len(args) == 1 and isinstance(args[0], int):
            values = _numpy.values(self._a)
            i = args[0]
            if not -len(values) <= i < len(values):
                raise IndexError(f"index {i} is out of bounds for size {len(values)}")
            return values[i]
        return _numpy.getitem(self._a, tuple(args))

    def copy(self, order="C"):
        return _wrap(_numpy.astype(self._a, self._a.dtype))

    def astype(self, dtype, copy=True):
        name = _dtype_name(dtype)
        if not copy and name == self._a.dtype:
            return self
        return _wrap(_numpy.astype(self._a, name))

    def fill(self, value):
        _numpy.assign(self._a, _operand(value))

    def tobytes(self, order="C"):
        if order not in ("C", "A", "K") or (order != "C" and self.flags.f_contiguous and not self.flags.c_contiguous):
            raise NotImplementedError("ndarray.tobytes(order=%r)" % (order,))
        return _numpy.tobytes(self._a)

    def __bytes__(self):
        return _numpy.tobytes(self._a)

    def __buffer__(self, flags):
        # The native view exports the items (`memoryview(a)`, `bytes(memoryview(a))`).
        return memoryview(self._a)

    def view(self):
        return self._view(self._a)

    # -- shape
    def reshape(self, *shape, order="C"):
        if order != "C":
            raise NotImplementedError("ndarray.reshape with order other than 'C'")
        if len(shape) == 1 and not isinstance(shape[0], (int, integer)):
            shape = shape[0]
        shape = list(_shape_arg(shape)) if shape != () else []
        if shape.count(-1) > 1:
            raise ValueError("can only specify one unknown dimension")
        if -1 in shape:
            known = 1
            for n in shape:
                if n != -1:
                    known *= n
            size = self._a.size
            if known == 0 or size % known:
                shown = "(" + ",".join("newaxis" if n == -1 else str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"
                raise ValueError(f"cannot reshape array of size {size} into shape {shown}")
            shape[shape.index(-1)] = size // known
        for n in shape:
            if n < 0:
                raise ValueError("negative dimensions not allowed")
        shape = tuple(shape)
        size = 1
        for n in shape:
            size *= n
        if size != self._a.size:
            raise ValueError(f"cannot reshape array of size {self._a.size} into shape {_shape_str(shape)}")
        v = _numpy.reshape_view(self._a, shape)
        if v is not None:
            return self._view(v)
        copy = _wrap(_numpy.astype(self._a, self._a.dtype))
        return _wrap(_numpy.reshape_view(copy._a, shape), copy)

    def take(self, indices, axis=None):
        return take(self, indices, axis)

    def sort(self, axis=-1, kind=None, order=None):
        self[...] = sort(self, axis, kind, order)

    def argsort(self, axis=-1, kind=None, order=None):
        return argsort(self, axis, kind, order)

    def searchsorted(self, v, side="left", sorter=None):
        return searchsorted(self, v, side, sorter)

    def cumsum(self, axis=None, dtype=None, out=None):
        return cumsum(self, axis, dtype)

    def cumprod(self, axis=None, dtype=None, out=None):
        return cumprod(self, axis, dtype)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return var(self, axis, dtype, None, ddof, keepdims)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return std(self, axis, dtype, None, ddof, keepdims)

    def round(self, decimals=0, out=None):
        return around(self, decimals, out)

    def clip(self, min=None, max=None, out=None):
        return clip(self, min, max, out)

    def nonzero(self):
        return nonzero(self)

    def repeat(self, repeats, axis=None):
        return repeat(self, repeats, axis)

    def trace(self, offset=0):
        return trace(self, offset)

    def ravel(self, order="C"):
        if order != "C":
            raise NotImplementedError("ndarray.ravel with order other than 'C'")
        if self.flags.c_contiguous:
            return self.reshape(-1)
        return self.flatten()

    def flatten(self, order="C"):
        if order != "C":
            raise NotImplementedError("ndarray.flatten with order other than 'C'")
        # A copy of its own (base None), as NumPy's.
        return _wrap(self.copy().reshape(-1)._a)

    def transpose(self, *axes):
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        if not axes:
            axes = tuple(range(self._a.ndim))[::-1]
        return self._view(_numpy.transpose(self._a, tuple(axes)))

    def swapaxes(self, a1, a2):
        axes = list(range(self.ndim))
        a1, a2 = _norm_axis(a1, self.ndim), _norm_axis(a2, self.ndim)
        axes[a1], axes[a2] = axes[a2], axes[a1]
        return self.transpose(tuple(axes))

    def squeeze(self, axis=None):
        return squeeze(self, axis)

    # -- items
    def __len__(self):
        if self._a.ndim == 0:
            raise TypeError("len() of unsized object")
        return self._a.shape[0]

    def __iter__(self):
        if self._a.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        for i in range(self._a.shape[0]):
            yield self[i]

    def __getitem__(self, key):
        if isinstance(key, (ndarray, list)) or (isinstance(key, tuple) and _builtins.any(isinstance(k, (ndarray, list)) for k in key)):
            return _fancy_get(self, key)
        r = _numpy.getitem(self._a, key)
        if isinstance(r, _numpy._Array):
            return self._view(r)
        return _scalar(self._a.dtype, r)

    def __setitem__(self, key, value):
        if isinstance(value, complex) and self._a.dtype.startswith(("int", "uint", "float")):
            # NumPy converts a complex scalar with int() or float(), which refuse it.
            if self._a.dtype in ("float32", "float64"):
                raise TypeError("float() argument must be a string or a real number, not 'complex'")
            raise TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'")
        if isinstance(key, (ndarray, list)):
            return _fancy_set(self, key, value)
        if isinstance(key, tuple) and _builtins.any(isinstance(k, (ndarray, list)) for k in key):
            return _fancy_set_in_tuple(self, key, value)
        _numpy.setitem(self._a, key, _assign_operand(value))

    # -- printing
    def __repr__(self):
        from . import _print
        return _print.array_repr(self)

    def __str__(self):
        from . import _print
        return _print.array_str(self)

    # -- truth and conversion
    def __bool__(self):
        if self._a.size != 1:
            if self._a.size == 0:
                raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.")
            raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
        return _builtins.bool(_numpy.values(self._a)[0])

    def __float__(self):
        if self._a.size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        return float(_numpy.values(self._a)[0])

    def __int__(self):
        if self._a.size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        return int(_numpy.values(self._a)[0])

    def __index__(self):
        if self._a.ndim != 0 or _KIND[self._a.dtype] not in "iu":
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(_numpy.values(self._a)[0])

    # -- operators
    def __add__(self, o): return _binop("add", self, o)
    def __radd__(self, o): return _binop("add", o, self)
    def __sub__(self, o): return _binop("subtract", self, o)
    def __rsub__(self, o): return _binop("subtract", o, self)
    def __mul__(self, o): return _binop("multiply", self, o)
    def __rmul__(self, o): return _binop("multiply", o, self)
    def __truediv__(self, o): return _binop("divide", self, o)
    def __rtruediv__(self, o): return _binop("divide", o, self)
    def __floordiv__(self, o): return _binop("floor_divide", self, o)
    def __rfloordiv__(self, o): return _binop("floor_divide", o, self)
    def __mod__(self, o): return _binop("remainder", self, o)
    def __rmod__(self, o): return _binop("remainder", o, self)
    def __pow__(self, o): return _binop("power", self, o)
    def __rpow__(self, o): return _binop("power", o, self)
    def __and__(self, o): return _binop("bitwise_and", self, o)
    def __rand__(self, o): return _binop("bitwise_and", o, self)
    def __or__(self, o): return _binop("bitwise_or", self, o)
    def __ror__(self, o): return _binop("bitwise_or", o, self)
    def __xor__(self, o): return _binop("bitwise_xor", self, o)
    def __rxor__(self, o): return _binop("bitwise_xor", o, self)
    def __lshift__(self, o): return _binop("left_shift", self, o)
    def __rshift__(self, o): return _binop("right_shift", self, o)
    def __lt__(self, o): return _binop("less", self, o)
    def __le__(self, o): return _binop("less_equal", self, o)
    def __gt__(self, o): return _binop("greater", self, o)
    def __ge__(self, o): return _binop("greater_equal", self, o)
    def __eq__(self, o): return _binop("equal", self, o)
    def __ne__(self, o): return _binop("not_equal", self, o)
    def __neg__(self): return _unop("negative", self)
    def __pos__(self): return _unop("positive", self)
    def __abs__(self): return _unop("absolute", self)
    def __invert__(self): return _unop("invert", self)

    def __matmul__(self, o):
        return matmul(self, o)

    def __rmatmul__(self, o):
        return matmul(o, self)

    def _inplace(self, name, o):
        r = _numpy.binary(name, self._a, _operand(o))
        _fp_check(name)
        if r.dtype != self._a.dtype and _numpy.promote_types(r.dtype, self._a.dtype) != self._a.dtype \
                and not _same_kind(r.dtype, self._a.dtype):
            raise UFuncTypeError(f"Cannot cast ufunc '{name}' output from dtype('{r.dtype}') to dtype('{self._a.dtype}') with casting rule 'same_kind'")
        _numpy.assign(self._a, r)
        return self

    def __iadd__(self, o): return self._inplace("add", o)
    def __isub__(self, o): return self._inplace("subtract", o)
    def __imul__(self, o): return self._inplace("multiply", o)
    def __itruediv__(self, o): return self._inplace("divide", o)
    def __ifloordiv__(self, o): return self._inplace("floor_divide", o)
    def __imod__(self, o): return self._inplace("remainder", o)
    def __ipow__(self, o): return self._inplace("power", o)
    def __iand__(self, o): return self._inplace("bitwise_and", o)
    def __ior__(self, o): return self._inplace("bitwise_or", o)
    def __ixor__(self, o): return self._inplace("bitwise_xor", o)

    # -- reductions
    def sum(self, axis=None, dtype=None, keepdims=False):
        return sum(self, axis=axis, dtype=dtype, keepdims=keepdims)

    def prod(self, axis=None, dtype=None, keepdims=False):
        return prod(self, axis=axis, dtype=dtype, keepdims=keepdims)

    def max(self, axis=None, keepdims=False):
        return max(self, axis=axis, keepdims=keepdims)

    def min(self, axis=None, keepdims=False):
        return min(self, axis=axis, keepdims=keepdims)

    def mean(self, axis=None, dtype=None, keepdims=False):
        return mean(self, axis=axis, dtype=dtype, keepdims=keepdims)

    def argmax(self, axis=None, keepdims=False):
        return argmax(self, axis=axis, keepdims=keepdims)

    def argmin(self, axis=None, keepdims=False):
        return argmin(self, axis=axis, keepdims=keepdims)

    def any(self, axis=None, keepdims=False):
        return any(self, axis=axis, keepdims=keepdims)

    def all(self, axis=None, keepdims=False):
        return all(self, axis=axis, keepdims=keepdims)

    def dot(self, other):
        return dot(self, other)


# `@njit` code reads and writes exact instances of this class in place.
_numpy._register_ndarray(ndarray)


class UFuncTypeError(TypeError):
    """A ufunc's result cannot be cast as asked (NumPy's `numpy._core._exceptions`)."""


def _same_kind(src, dst):
    order = "buifc"
    ks, kd = _KIND[src], _KIND[dst]
    if ks == kd:
        return True
    if ks == "u" and kd == "i":
        return True
    return order.index(ks) < order.index(kd) if ks != "u" or kd != "i" else True


def _assign_operand(value):
    if isinstance(value, (ndarray, generic, list, tuple)):
        return asarray(value)._a
    return value


def _true_positions(mask):
    """The flat (C-order) positions of a boolean array's true items, as a list."""
    return [i for i, b in enumerate(mask.ravel().tolist()) if b]


def _fancy_rows(arr, key):
    """What an integer or boolean array index selects on the first axes of `arr`: the
    array its rows are taken from (`arr`, or `arr` with the mask's axes flattened) and the
    int64 row numbers, in the index's shape (a mask gives them in C order)."""
    if isinstance(key, tuple):
        raise NotImplementedError("ndarray indexing with integer or boolean arrays inside a tuple")
    k = key if isinstance(key, ndarray) else asarray(key)
    if arr.ndim == 0:
        raise IndexError("too many indices for array: array is 0-dimensional, but 1 were indexed")
    if k.dtype.name == "bool":
        for axis in range(k.ndim):
            if axis >= arr.ndim or k.shape[axis] != arr.shape[axis]:
                size = arr.shape[axis] if axis < arr.ndim else 0
                raise IndexError(f"boolean index did not match indexed array along axis {axis}; size of axis is {size} but size of corresponding boolean axis is {k.shape[axis]}")
        rows = arr.reshape((-1,) + arr.shape[k.ndim:]) if k.ndim != 1 else arr
        positions = _true_positions(k)
        return rows, _numpy.from_flat(positions, (len(positions),), "int64")
    if k.size == 0:
        k = k.astype(int64)
    return arr, k._a


def _fancy_get(arr, key):
    if isinstance(key, tuple):
        return _fancy_get_in_tuple(arr, key)
    rows, index = _fancy_rows(arr, key)
    return _wrap(_numpy.take(rows._a, index))


def _fancy_get_in_tuple(arr, key):
    """`arr[key]` for a tuple holding one integer array (or 1-d boolean mask) among ints,
    slices, `...` and None: the basic part is a view, and the array's dimensions replace
    its axis, or go first, where NumPy places them."""
    positions = [i for i, k in enumerate(key) if isinstance(k, (ndarray, list))]
    if len(positions) != 1:
        raise NotImplementedError("ndarray indexing with several integer or boolean arrays in one tuple")
    p = positions[0]
    count = _builtins.sum
    consuming = count(1 for e in key if e is not None and e is not Ellipsis)
    ellipsis = arr.ndim - consuming if _builtins.any(e is Ellipsis for e in key[:p]) else 0
    in_axis = count(1 for e in key[:p] if e is not None and e is not Ellipsis) + ellipsis
    out_axis = count(1 for e in key[:p] if e is None or isinstance(e, slice)) + ellipsis
    # Integers join the array as advanced indices: apart from it (a slice, None or ...
    # between), NumPy puts the array's dimensions first instead of in place.
    advanced = [i for i, e in enumerate(key)
                if i == p or (isinstance(e, (int, integer)) and not isinstance(e, _builtins.bool))]
    place = out_axis if advanced == list(range(advanced[0], advanced[-1] + 1)) else 0
    view = arr[key[:p] + (slice(None),) + key[p + 1:]]
    k = key[p] if isinstance(key[p], ndarray) else asarray(key[p])
    n = view.shape[out_axis]
    if k.dtype.name == "bool":
        if k.ndim != 1 or k.shape[0] != n:
            raise IndexError(f"boolean index did not match indexed array along axis {in_axis}; size of axis is {n} but size of corresponding boolean axis is {k.shape[0]}")
        k = array(_true_positions(k), dtype=int64)
    elif k.size == 0:
        k = k.astype(int64)
    order = [out_axis] + [a for a in range(view.ndim) if a != out_axis]
    try:
        taken = _wrap(_numpy.take(view.transpose(order)._a, k._a))
    except IndexError as e:
        raise IndexError(_builtins.str(e).replace("for axis 0 ", f"for axis {in_axis} ")) from None
    kd = k.ndim
    rest = list(range(kd, taken.ndim))
    back = rest[:place] + list(range(kd)) + rest[place:]
    return taken.transpose(back).copy() if back != list(range(taken.ndim)) else taken


def _fancy_set(arr, key, value):
    rows, index = _fancy_rows(arr, key)
    if not rows._a.shares_buffer(arr._a):  # the mask's axes could not be flattened in place
        raise NotImplementedError("boolean mask assignment into a non-contiguous array")
    positions = _wrap(index).ravel().tolist()
    row_shape = rows.shape[1:]
    v = asarray(value)
    target = (len(positions),) + row_shape
    try:
        values = broadcast_to(v, target)
    except ValueError:
        k = key if isinstance(key, ndarray) else asarray(key)
        if k.dtype.name == "bool" and v.ndim == 1:
            raise ValueError(f"NumPy boolean array indexing assignment cannot assign {v.size} input values to the {len(positions)} output values where the mask is true") from None
        raise ValueError(f"shape mismatch: value array of shape {_shape_str(v.shape)} could not be broadcast to indexing result of shape {_shape_str(target)}") from None
    for i, p in enumerate(positions):
        rows[p] = values[i]


def _fancy_set_in_tuple(arr, key, value):
    """`arr[key] = value` with an integer array or mask inside the tuple `key`: the items
    `arr[key]` reads (found by reading the same key from their flat positions) are set
    from `value` broadcast to that selection's shape, later duplicates winning."""
    positions = arange(arr.size).reshape(arr.shape)[key]
    v = asarray(value)
    try:
        values = broadcast_to(v, positions.shape)
    except ValueError:
        raise ValueError(f"shape mismatch: value array of shape {_shape_str(v.shape)} could not be broadcast to indexing result of shape {_shape_str(positions.shape)}") from None
    flat = arr if arr.flags.c_contiguous else arr.copy()
    _fancy_set(flat.reshape(-1), positions.reshape(-1), values.reshape(-1) if values.ndim else values)
    if flat is not arr:
        arr[...] = flat


def take(a, indices, axis=None):
    a = asarray(a)
    k = indices if isinstance(indices, ndarray) else asarray(indices)
    if k.size == 0:
        k = k.astype(int64)
    if axis is None:
        a = a.ravel()
    elif _norm_axis(axis, a.ndim) != 0:
        raise NotImplementedError("numpy.take along an axis other than the first")
    return _result(_numpy.take(a._a, k._a))


def _shape_str(shape):
    if len(shape) == 1:
        return f"({shape[0]},)"
    return "(" + ",".join(str(n) for n in shape) + ")"


def _norm_axis(axis, ndim):
    axis = operator_index(axis)
    if not -ndim <= axis < ndim:
        raise AxisError(axis, ndim)
    return axis + ndim if axis < 0 else axis


# ---------------------------------------------------------------- creation

def _discover(obj, shape, flat, depth):
    """Appends `obj`'s items to `flat`, recording the extent of each depth in `shape`;
    False when the nesting is ragged."""
    if isinstance(obj, ndarray):
        dims = obj.shape
        for k, n in enumerate(dims):
            if not _record(shape, depth + k, n):
                return False
        if len(shape) > depth + len(dims):
            return False
        if _leaf_depth[-1] is None:
            _leaf_depth[-1] = depth + len(dims)
        elif _leaf_depth[-1] != depth + len(dims):
            return False
        flat.extend(_typed_values(obj))
        return True
    if isinstance(obj, (list, tuple)):
        if not _record(shape, depth, len(obj)):
            return False
        for item in obj:
            if not _discover(item, shape, flat, depth + 1):
                return False
        if not obj and len(shape) > depth + 1:
            return False
        return True
    if len(shape) > depth:
        return False
    # Every scalar sits at the same depth: the array's number of dimensions.
    if _leaf_depth[-1] is None:
        _leaf_depth[-1] = depth
    elif _leaf_depth[-1] != depth:
        return False
    flat.append(obj)
    return True


_leaf_depth = [None]


def _record(shape, depth, n):
    if _leaf_depth[-1] is not None and depth >= _leaf_depth[-1]:
        return False
    if len(shape) == depth:
        shape.append(n)
        return True
    return shape[depth] == n


def _typed_values(arr):
    t = _SCALAR_TYPES[arr._a.dtype]
    return [_scalar(arr._a.dtype, v) for v in _numpy.values(arr._a)] if t is not None else []


def _infer_dtype(flat):
    name = None
    for v in flat:
        if isinstance(v, generic):
            d = v._dtype_name
        elif isinstance(v, _builtins.bool):
            d = "bool"
        elif isinstance(v, int):
            d = "int64" if -2**63 <= v < 2**63 else ("uint64" if 0 <= v < 2**64 else None)
            if d is None:
                raise OverflowError("Python int too large to convert to C long")
        elif isinstance(v, float):
            d = "float64"
        elif isinstance(v, complex):
            d = "complex128"
        elif isinstance(v, str):
            raise NotImplementedError("np.array of strings (string dtypes)")
        elif v is None:
            raise NotImplementedError("np.array of None (object dtype)")
        else:
            raise NotImplementedError(f"np.array of '{type(v).__name__}' objects (object dtype)")
        name = d if name is None else _numpy.promote_types(name, d)
    return name or "float64"


# `array.array` type codes as NumPy reads them through the buffer protocol.
_ARRAY_TYPECODES = {"b": "int8", "B": "uint8", "h": "int16", "H": "uint16", "i": "int32", "I": "uint32",
                    "l": "int64", "L": "uint64", "q": "int64", "Q": "uint64", "f": "float32", "d": "float64"}


def array(obj, dtype=None, copy=True, ndmin=0):
    if type(obj).__name__ == "array" and type(obj).__module__ == "array" and obj.typecode in _ARRAY_TYPECODES:
        # An `array.array`: its items' bytes, in its own dtype.
        out = _wrap(_numpy.frombytes(obj.tobytes(), _ARRAY_TYPECODES[obj.typecode]))
        obj = out if dtype is None else out.astype(dtype)
        dtype = None
    if isinstance(obj, ndarray):
        a = obj._a if dtype is None else obj._a
        name = obj._a.dtype if dtype is None else _dtype_name(dtype)
        out = _wrap(_numpy.astype(a, name))
    elif isinstance(obj, generic) and dtype is None:
        out = _wrap(obj.__array_operand__())
    else:
        shape, flat = [], []
        _leaf_depth.append(None)
        try:
            regular = _discover(obj, shape, flat, 0)
        finally:
            _leaf_depth.pop()
        if not regular:
            raise ValueError(
                "setting an array element with a sequence. The requested array has an "
                f"inhomogeneous shape after {len(shape) - 1} dimensions. The detected shape "
                f"was {_shape_str(tuple(shape[:-1])) if len(shape) > 1 else '()'} + inhomogeneous part.")
        count = 1
        for n in shape:
            count *= n
        if count != len(flat):
            raise ValueError("setting an array element with a sequence. The requested array has an inhomogeneous shape.")
        name = _infer_dtype(flat) if dtype is None else _dtype_name(dtype)
        values = [v._py() if isinstance(v, generic) else v for v in flat]
        if name != "complex128" and _builtins.any(isinstance(v, complex) for v in values):
            raise TypeError("can't convert complex to float")
        out = _wrap(_numpy.from_flat(values, tuple(shape), name))
    while out.ndim < ndmin:
        out = out.reshape((1,) + out.shape)
    return out


def asarray(obj, dtype=None):
    if isinstance(obj, ndarray) and (dtype is None or _dtype_name(dtype) == obj._a.dtype):
        return obj
    return array(obj, dtype=dtype)


asanyarray = asarray


def ascontiguousarray(obj, dtype=None):
    a = asarray(obj, dtype)
    return a if a.flags.c_contiguous else a.copy()


def zeros(shape, dtype=float):
    return _wrap(_numpy.zeros(_shape_arg(shape), _dtype_name(dtype)))


def empty(shape, dtype=float):
    # NumPy leaves the items undefined; zeros are one valid answer.
    return zeros(shape, dtype)


def ones(shape, dtype=float):
    return _wrap(_numpy.full(_shape_arg(shape), _dtype_name(dtype), 1))


def full(shape, fill_value, dtype=None):
    if dtype is None:
        fv = asarray(fill_value)
        if fv.ndim != 0:
            out = zeros(_shape_arg(shape), fv.dtype)
            out[...] = fv
            return out
        name = fv._a.dtype
    else:
        name = _dtype_name(dtype)
    value = fill_value._py() if isinstance(fill_value, generic) else fill_value
    if isinstance(value, ndarray):
        out = zeros(_shape_arg(shape), name)
        out[...] = value
        return out
    if name != "bool" and isinstance(value, _builtins.bool):
        value = int(value)
    return _wrap(_numpy.full(_shape_arg(shape), name, value))


def zeros_like(a, dtype=None):
    a = asarray(a)
    return zeros(a.shape, a.dtype if dtype is None else dtype)


def empty_like(a, dtype=None):
    return zeros_like(a, dtype)


def ones_like(a, dtype=None):
    a = asarray(a)
    return ones(a.shape, a.dtype if dtype is None else dtype)


def full_like(a, fill_value, dtype=None):
    a = asarray(a)
    return full(a.shape, fill_value, a.dtype if dtype is None else dtype)


def arange(start, stop=None, step=None, dtype=None):
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if step == 0:
        raise ZeroDivisionError("division by zero")
    vals = [v._py() if isinstance(v, generic) else v for v in (start, stop, step)]
    if dtype is None:
        name = "float64" if _builtins.any(isinstance(v, float) for v in vals) else "int64"
        for v, orig in zip(vals, (start, stop, step)):
            if isinstance(orig, generic):
                name = _numpy.promote_types(name, orig._dtype_name)
    else:
        name = _dtype_name(dtype)
    start, stop, step = vals
    n = _math.ceil((stop - start) / step) if isinstance(start, float) or isinstance(stop, float) or isinstance(step, float) \
        else -((start - stop) // step)
    n = int(n) if n > 0 else 0
    return _wrap(_numpy.arange(start, step, n, name))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None):
    num = operator_index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = (num - 1) if endpoint else num
    start_f, stop_f = float(start), float(stop)
    delta = stop_f - start_f
    y = arange(0, num).astype(float64)
    step = delta / div if div > 0 else nan
    if div > 0:
        if step == 0:
            y = y / div * delta
        else:
            y = y * step
    else:
        y = y * delta
    y = y + start_f
    if endpoint and num > 1:
        y[-1] = stop_f
    if dtype is not None:
        y = y.astype(dtype)
    return (y, float64(step)) if retstep else y


def eye(N, M=None, k=0, dtype=float):
    M = N if M is None else M
    out = zeros((N, M), dtype)
    for i in range(N):
        j = i + k
        if 0 <= j < M:
            out[i, j] = 1
    return out


def identity(n, dtype=float):
    return eye(n, dtype=dtype)


def _result_dtype_of(arrays):
    name = arrays[0]._a.dtype
    for a in arrays[1:]:
        name = _numpy.promote_types(name, a._a.dtype)
    return name


def concatenate(arrays, axis=0, dtype=None):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        arrays = [a.ravel() for a in arrays]
        axis = 0
    ndim = arrays[0].ndim
    if ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = _norm_axis(axis, ndim)
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != ndim:
            raise ValueError(
                "all the input array dimensions except for the concatenation axis must match exactly, but along "
                f"dimension 0, the array at index 0 has {ndim} dimension(s) and the array at index {i} has {a.ndim} dimension(s)"
                if False else
                f"all the input arrays must have same number of dimensions, but the array at index 0 has {ndim} dimension(s) and the array at index {i} has {a.ndim} dimension(s)")
        for k in range(ndim):
            if k != axis and a.shape[k] != arrays[0].shape[k]:
                raise ValueError(
                    "all the input array dimensions except for the concatenation axis must match exactly, but along "
                    f"dimension {k}, the array at index 0 has size {arrays[0].shape[k]} and the array at index {i} has size {a.shape[k]}")
    name = _result_dtype_of(arrays) if dtype is None else _dtype_name(dtype)
    shape = list(arrays[0].shape)
    shape[axis] = _builtins.sum(a.shape[axis] for a in arrays)
    out = zeros(tuple(shape), name)
    pos = 0
    for a in arrays:
        n = a.shape[axis]
        index = (slice(None),) * axis + (slice(pos, pos + n),)
        _numpy.setitem(out._a, index, a._a)
        pos += n
    return out


def stack(arrays, axis=0):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to stack")
    shape = arrays[0].shape
    for a in arrays[1:]:
        if a.shape != shape:
            raise ValueError("all input arrays must have the same shape")
    axis = _norm_axis(axis, len(shape) + 1)
    expanded = [a.reshape(shape[:axis] + (1,) + shape[axis:]) for a in arrays]
    return concatenate(expanded, axis=axis)


def atleast_1d(a):
    a = asarray(a)
    return a.reshape(1) if a.ndim == 0 else a


def atleast_2d(a):
    a = asarray(a)
    if a.ndim == 0:
        return a.reshape(1, 1)
    if a.ndim == 1:
        return a.reshape(1, a.shape[0])
    return a


def vstack(arrays):
    return concatenate([atleast_2d(a) for a in arrays], axis=0)


def hstack(arrays):
    arrays = [atleast_1d(a) for a in arrays]
    return concatenate(arrays, axis=0 if arrays and arrays[0].ndim == 1 else 1)


def reshape(a, shape):
    return asarray(a).reshape(shape)


def ravel(a):
    return asarray(a).ravel()


def transpose(a, axes=None):
    return asarray(a).transpose(axes)


def squeeze(a, axis=None):
    a = asarray(a)
    if axis is None:
        shape = tuple(n for n in a.shape if n != 1)
    else:
        axes = axis if isinstance(axis, tuple) else (axis,)
        axes = [_norm_axis(k, a.ndim) for k in axes]
        for k in axes:
            if a.shape[k] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        shape = tuple(n for k, n in enumerate(a.shape) if k not in axes)
    return a.reshape(shape)


def expand_dims(a, axis):
    a = asarray(a)
    axis = _norm_axis(axis, a.ndim + 1)
    return a.reshape(a.shape[:axis] + (1,) + a.shape[axis:])


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a):
    return asarray(a).size


def copy(a):
    return array(a)


def broadcast_to(a, shape):
    a = asarray(a)
    return a._view(_numpy.broadcast_to(a._a, _shape_arg(shape)))


def broadcast_shapes(*shapes):
    return _numpy.broadcast_shapes(tuple(_shape_arg(s) for s in shapes))


def shares_memory(a, b):
    return isinstance(a, ndarray) and isinstance(b, ndarray) and a._a.shares_buffer(b._a)


may_share_memory = shares_memory


def promote_types(a, b):
    return dtype(_numpy.promote_types(_dtype_name(a), _dtype_name(b)))


_WEAK_KIND = {_builtins.bool: "b", int: "i", float: "f", complex: "c"}
_WEAK_DEFAULT = {"b": "bool", "i": "int64", "f": "float64", "c": "complex128"}


def result_type(*args):
    """NumPy 2's promotion (NEP 50): arrays, NumPy scalars and dtypes are strong; Python
    bools, ints, floats and complex numbers are weak, only raising the result's kind."""
    name = None
    weak = "b"
    for x in args:
        kind = _WEAK_KIND.get(type(x))
        if kind is not None:
            weak = _builtins.max(weak, kind, key="bifc".index)
            continue
        d = _dtype_name(x) if isinstance(x, (dtype, str, type)) else asarray(x)._a.dtype
        name = d if name is None else _numpy.promote_types(name, d)
    if name is None:
        return dtype(_WEAK_DEFAULT[weak])
    have = _KIND[name]
    if weak == "c" and have != "c":
        name = "complex128"
    elif weak == "f" and have in "biu":
        name = "float64"
    elif weak == "i" and have == "b":
        name = "int64"
    return dtype(name)


def isscalar(x):
    return isinstance(x, (generic, int, float, complex, str, bytes))


# ---------------------------------------------------------------- ufuncs

class ufunc:
    """An elementwise function (`np.add`, `np.sqrt`...), computed natively."""

    __slots__ = ("__name__", "nin")

    def __init__(self, name, nin):
        self.__name__ = name
        self.nin = nin

    nout = 1

    @property
    def nargs(self):
        return self.nin + 1

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    def __call__(self, *args, out=None, where=True, **kwargs):
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nin + 1} positional arguments but {len(args)} were given")
        if kwargs:
            raise NotImplementedError(f"numpy.{self.__name__} with {', '.join(kwargs)}")
        if where is not True:
            return self._where(args, out, where)
        if self.nin == 1:
            r = _numpy.unary(self.__name__, asarray(args[0])._a)
        else:
            x, y = args
            ox, oy = _operand(x), _operand(y)
            if not isinstance(ox, _numpy._Array) and not isinstance(oy, _numpy._Array):
                ox = asarray(x)._a
            r = _numpy.binary(self.__name__, ox, oy)
        _fp_check(_scalar_name(self.__name__, *args))
        if out is not None:
            if isinstance(out, tuple):
                out = out[0]
            _numpy.assign(out._a, r)
            return out
        return _result(r)

    def _where(self, args, out, where):
        """`where=`: computed only where the mask is true (so no other item warns), and
        stored there into `out`; without `out` the other items are NumPy's undefined
        memory (zeros here)."""
        if isinstance(out, tuple):
            out = out[0]
        mask = asarray(where)
        if mask.dtype.name != "bool":
            mask = mask.astype(bool)
        arrays = [a for a in args if isinstance(a, (ndarray, list, tuple))]
        shape = broadcast_shapes(*[asarray(a).shape for a in arrays], mask.shape)
        if out is not None:
            shape = broadcast_shapes(shape, out.shape)
            if shape != out.shape:
                raise ValueError(f"non-broadcastable output operand with shape {_shape_str(out.shape)} doesn't match the broadcast shape {_shape_str(shape)}")
        chosen = broadcast_to(mask, shape)
        # Python scalars stay scalars: their weak promotion decides the result's dtype.
        picked = [broadcast_to(asarray(a), shape)[chosen] if isinstance(a, (ndarray, list, tuple)) else a
                  for a in args]
        r = self(*picked)
        if out is None:
            out = zeros(shape, dtype=asarray(r).dtype)
        out[chosen] = r
        return out

    def reduce(self, a, axis=0, dtype=None, keepdims=False):
        names = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
                 "logical_and": "all", "logical_or": "any"}
        if self.__name__ not in names:
            raise NotImplementedError(f"numpy.{self.__name__}.reduce")
        return _reduce(names[self.__name__], a, axis, keepdims, dtype)


for _name in ("add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
              "maximum", "minimum", "fmax", "fmin", "equal", "not_equal", "less", "less_equal",
              "greater", "greater_equal", "bitwise_and", "bitwise_or", "bitwise_xor",
              "left_shift", "right_shift", "arctan2", "hypot", "copysign",
              "logical_and", "logical_or", "logical_xor"):
    globals()[_name] = ufunc(_name, 2)
for _name in ("negative", "positive", "absolute", "invert", "sqrt", "exp", "log", "log2",
              "log10", "log1p", "expm1", "sin", "cos", "tan", "arcsin", "arccos", "arctan",
              "sinh", "cosh", "tanh", "floor", "ceil", "trunc", "rint", "sign", "isnan",
              "isinf", "isfinite", "logical_not", "square"):
    globals()[_name] = ufunc(_name, 1)
del _name
true_divide = divide
mod = remainder
abs = absolute
bitwise_not = bitwise_invert = invert
conjugate = None


# ---------------------------------------------------------------- reductions

def _reduce(name, a, axis, keepdims, dtype=None):
    a = asarray(a)
    axis = _axis_arg(axis, a.ndim)
    dt = None if dtype is None else _dtype_name(dtype)
    r = _numpy.reduce(name, a._a, axis, _builtins.bool(keepdims), dt)
    _fp_check("reduce")
    return _result(r)


def sum(a, axis=None, dtype=None, keepdims=False):
    return _reduce("sum", a, axis, keepdims, dtype)


def prod(a, axis=None, dtype=None, keepdims=False):
    return _reduce("prod", a, axis, keepdims, dtype)


def max(a, axis=None, keepdims=False):
    return _reduce("max", a, axis, keepdims)


def min(a, axis=None, keepdims=False):
    return _reduce("min", a, axis, keepdims)


amax, amin = max, min


def any(a, axis=None, keepdims=False):
    return _reduce("any", a, axis, keepdims)


def all(a, axis=None, keepdims=False):
    return _reduce("all", a, axis, keepdims)


def _arg(name, a, axis, keepdims):
    a = asarray(a)
    if axis is None:
        r = _numpy.reduce(name, a.ravel()._a, None, False, None)
        if keepdims:
            return _wrap(_numpy.reshape_view(r, (1,) * a.ndim))
        return _result(r)
    return _result(_numpy.reduce(name, a._a, operator_index(axis), _builtins.bool(keepdims), None))


def argmax(a, axis=None, keepdims=False):
    return _arg("argmax", a, axis, keepdims)


def argmin(a, axis=None, keepdims=False):
    return _arg("argmin", a, axis, keepdims)


def mean(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    if dtype is None:
        acc = "float64" if _KIND[a._a.dtype] in "biu" else a._a.dtype
    else:
        acc = _dtype_name(dtype)
    ax = _axis_arg(axis, a.ndim)
    total = _numpy.reduce("sum", a._a, ax, _builtins.bool(keepdims), acc)
    if ax is None:
        count = a.size
    else:
        count = 1
        for k in (ax if isinstance(ax, tuple) else (ax,)):
            count *= a.shape[_norm_axis(k, a.ndim)]
    return _result(_numpy.binary("divide", total, count))


def dot(a, b):
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    return _result(_numpy.dot(a._a, b._a))


def matmul(a, b):
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)")
    if a.ndim > 2 or b.ndim > 2:
        raise NotImplementedError("numpy.matmul of stacks of matrices (more than 2 dimensions)")
    k_a = a.shape[-1]
    k_b = b.shape[0]
    if k_a != k_b:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {k_b} is different from {k_a})")
    return _result(_numpy.dot(a._a, b._a))


from ._functions import *  # noqa: E402,F401,F403  (built on everything above)


def _unsupported(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"numpy.{name} is not supported by pynum yet")
    f.__name__ = name
    return f


# NumPy names pynum's numpy does not provide yet: using one raises NotImplementedError
# naming it. Any other missing name is an AttributeError, as with NumPy itself, so that
# `hasattr(np, name)` and feature checks tell the truth.
_NOT_YET = frozenset("""
    append array_split atleast_3d block convolve corrcoef
    cov cross delete diagonal digitize dsplit dstack einsum fromfunction
    fromiter genfromtxt gradient histogram hsplit inner insert interp intersect1d isin
    kron lexsort loadtxt logspace moveaxis nanargmax nanargmin nanmax nanmean
    nanmin nanstd nansum pad partition percentile piecewise place polyfit polyval put
    quantile ravel_multi_index resize rollaxis rot90 savetxt savez select setdiff1d
    split tensordot trapezoid tri tril triu union1d unravel_index vsplit
""".split())
_NOT_YET_MODULES = frozenset(["fft", "ma", "polynomial", "testing", "lib", "char"])


class _UnsupportedModule:
    """`numpy.random` and its siblings until they exist: any attribute raises."""

    def __init__(self, name):
        self.__name__ = f"numpy.{name}"

    def __getattr__(self, attribute):
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        raise NotImplementedError(f"{self.__name__}.{attribute} is not supported by pynum yet")


def __getattr__(name):
    if name in ("random", "linalg"):  # imported at first use: `import numpy` stays cheap
        import importlib
        return importlib.import_module("numpy." + name)
    if name in ("frombuffer", "save", "load"):
        from . import _npyio
        value = getattr(_npyio, name)
        globals()[name] = value
        return value
    if name in _NOT_YET:
        return _unsupported(name)
    if name in _NOT_YET_MODULES:
        return _UnsupportedModule(name)
    raise AttributeError(f"module 'numpy' has no attribute {name!r}")
