"""repr() and str() of arrays as NumPy 2 prints them with its default print options
(precision 8, threshold 1000, edge items 3, line width 75, `maxprec` float mode).

The rules, written from NumPy's documented behaviour: a float array is printed
positionally unless its largest magnitude is >= 1e8 or its smallest non-zero one is
< 1e-4 or the two are more than 1e3 apart (then in scientific notation); each float gets
its shortest round-tripping digits, cut to `precision` fractional digits; columns are
aligned on the decimal point; rows wrap before the line width; arrays of more than
`threshold` items show `edgeitems` at each end of each axis around `...`.
"""

import _numpy

PRECISION = 8
THRESHOLD = 1000
EDGEITEMS = 3
LINEWIDTH = 75
SUPPRESS = False  # set_printoptions(suppress=True): no scientific notation for small values

_IMPLIED = ("bool", "int64", "float64", "complex128")


def _isfinite(x):
    return x == x and x not in (float("inf"), float("-inf"))


def _sci_parts(r):
    """(sign, digits, exponent of the first digit) of a repr-style float string."""
    sign = ""
    if r[0] == "-":
        sign, r = "-", r[1:]
    if "e" in r:
        mant, exp = r.split("e")
        exp = int(exp)
    else:
        mant, exp = r, 0
    if "." in mant:
        ip, fp = mant.split(".")
    else:
        ip, fp = mant, ""
    digits = (ip + fp).lstrip("0")
    if not digits:
        return sign, "0", 0
    # Position of the first significant digit relative to the decimal point.
    lead = len(ip) - (len(ip + fp) - len((ip + fp).lstrip("0")))
    return sign, digits.rstrip("0") or "0", exp + lead - 1


def _positional(x, bits, precision, sign_plus=False):
    """`x` positionally: its shortest digits, at most `precision` after the point,
    trailing zeros dropped but the point kept (`1.`, `0.25`)."""
    sign, digits, e10 = _sci_parts(_numpy.float_repr(x, bits))
    frac_len = len(digits) - e10 - 1
    if frac_len > precision:
        s = "%.*f" % (precision, x)
        if s.startswith("-"):
            sign, s = "-", s[1:]
        ip, fp = s.split(".") if "." in s else (s, "")
        fp = fp.rstrip("0")
    else:
        if e10 < 0:
            ip, fp = "0", "0" * (-e10 - 1) + digits
        else:
            padded = digits + "0" * max(0, e10 + 1 - len(digits))
            ip, fp = padded[:e10 + 1], padded[e10 + 1:]
        fp = fp.rstrip("0")
        if digits == "0":
            ip, fp = "0", ""
    if sign_plus and sign == "":
        sign = "+"
    return sign + ip, fp


def _scientific(x, bits, precision, sign_plus=False):
    """`x` in scientific notation: (mantissa integer part with sign, fraction digits,
    exponent as a signed int); at most `precision` fraction digits, trailing zeros
    dropped."""
    sign, digits, e10 = _sci_parts(_numpy.float_repr(x, bits))
    if len(digits) - 1 > precision:
        s = "%.*e" % (precision, x)
        if s.startswith("-"):
            sign, s = "-", s[1:]
        mant, exp = s.split("e")
        e10 = int(exp)
        ip, fp = mant.split(".") if "." in mant else (mant, "")
        fp = fp.rstrip("0")
    else:
        ip, fp = digits[0], digits[1:]
        if digits == "0":
            e10 = 0
    if sign_plus and sign == "":
        sign = "+"
    return sign + ip, fp, e10


class _FloatFormat:
    def __init__(self, values, bits, sign_plus=False):
        self.bits = bits
        self.sign_plus = sign_plus
        finite = [v for v in values if _isfinite(v)]
        nonzero = [abs(v) for v in finite if v != 0]
        self.exp = False
        if nonzero:
            hi, lo = max(nonzero), min(nonzero)
            if bits == 32:
                hi, lo = float(_numpy.float_repr(hi, 32)), float(_numpy.float_repr(lo, 32))
            if hi >= 1e8 or (not SUPPRESS and (lo < 1e-4 or hi / lo > 1e3)):
                self.exp = True
        if not finite:
            self.pad_left, self.pad_right, self.precision, self.exp_size = 0, 0, 0, -1
            self.exp = False
        elif self.exp:
            parts = [_scientific(v, bits, PRECISION, sign_plus) for v in finite]
            self.precision = max(len(p[1]) for p in parts)
            self.exp_size = max(max(len(str(abs(p[2]))) for p in parts), 2)
            self.pad_left = max(len(p[0]) for p in parts)
            self.pad_right = self.exp_size + 2 + self.precision
        else:
            parts = [_positional(v, bits, PRECISION, sign_plus) for v in finite]
            self.pad_left = max(len(p[0]) for p in parts)
            self.pad_right = max(len(p[1]) for p in parts)
            self.exp_size = -1
        if len(finite) != len(values):
            neginf = sign_plus or any(v == float("-inf") for v in values)
            offset = self.pad_right + 1
            self.pad_left = max(self.pad_left, 3 - offset, 3 + neginf - offset)

    def __call__(self, x):
        if not _isfinite(x):
            if x != x:
                s = ("+" if self.sign_plus else "") + "nan"
            else:
                s = ("-" if x < 0 else "+" if self.sign_plus else "") + "inf"
            return s.rjust(self.pad_left + self.pad_right + 1)
        if self.exp:
            ip, fp, e10 = _scientific(x, self.bits, self.precision, self.sign_plus)
            if len(fp) < self.precision:
                # Every item shows `precision` digits of its exact value (NumPy's
                # min_digits): zeros for most, the true digits of a subnormal's.
                s = "%.*e" % (self.precision, x)
                sign = "-" if s.startswith("-") else ("+" if self.sign_plus else "")
                mant, exp = s.lstrip("-").split("e")
                ip, fp = mant.split(".") if "." in mant else (mant, "")
                ip, e10 = sign + ip, int(exp)
            fp = fp.ljust(self.precision, "0")
            exp = ("-" if e10 < 0 else "+") + str(abs(e10)).rjust(self.exp_size, "0")
            return ip.rjust(self.pad_left) + "." + fp + "e" + exp
        ip, fp = _positional(x, self.bits, PRECISION, self.sign_plus)
        return ip.rjust(self.pad_left) + "." + fp.ljust(self.pad_right)


class _ComplexFormat:
    def __init__(self, values):
        self.real = _FloatFormat([v.real for v in values], 64)
        self.imag = _FloatFormat([v.imag for v in values], 64, sign_plus=True)

    def __call__(self, z):
        r = self.real(z.real)
        i = self.imag(z.imag)
        stripped = len(i.rstrip())
        return r + i[:stripped] + "j" + " " * (len(i) - stripped)


class _IntFormat:
    def __init__(self, values):
        self.width = max((len(str(v)) for v in values), default=0)

    def __call__(self, x):
        return str(x).rjust(self.width)


class _BoolFormat:
    def __init__(self, zero_d):
        self.true = "True" if zero_d else " True"

    def __call__(self, x):
        return self.true if x else "False"


def _formatter(dtype_name, values, zero_d):
    if dtype_name == "bool":
        return _BoolFormat(zero_d)
    if dtype_name in ("float64", "float32"):
        return _FloatFormat(values, 32 if dtype_name == "float32" else 64)
    if dtype_name == "complex128":
        return _ComplexFormat(values)
    return _IntFormat(values)


def _edges(arr, summarize):
    """The items printing shows: all of them, or `EDGEITEMS` at both ends of each long
    axis (as one smaller array)."""
    from . import concatenate
    if not summarize:
        return arr
    for axis in range(arr.ndim):
        n = arr.shape[axis]
        if n > 2 * EDGEITEMS:
            before = (slice(None),) * axis
            arr = concatenate([arr[before + (slice(None, EDGEITEMS),)],
                                  arr[before + (slice(-EDGEITEMS, None),)]], axis=axis)
    return arr


def _flatten(nested, depth):
    if depth == 0:
        return [nested]
    out = []
    for item in nested:
        out.extend(_flatten(item, depth - 1))
    return out


def _extend_line(s, line, word, width, next_prefix):
    if len(line) + len(word) > width and len(line) > len(next_prefix):
        s += line.rstrip() + "\n"
        line = next_prefix
    return s, line + word


def _format_array(nested, shape, summarized, fmt, width, next_prefix, sep):
    """The text of the nested items; `summarized[k]` says whether axis `k` is cut."""

    def rec(node, axis, indent, curr_width):
        left = len(shape) - axis
        if left == 0:
            return fmt(node)
        next_indent = indent + " "
        next_width = curr_width - 1
        n = len(node)
        cut = summarized[axis]
        lead = EDGEITEMS if cut else 0
        trail = EDGEITEMS if cut else n
        if cut:
            first, last = node[:EDGEITEMS], node[EDGEITEMS:]
        else:
            first, last = [], node
        if left == 1:
            elem_width = curr_width - max(len(sep.rstrip()), 1)
            s, line = "", indent
            for item in first[:lead]:
                s, line = _extend_line(s, line, rec(item, axis + 1, next_indent, next_width), elem_width, indent)
                line += sep
            if cut:
                s, line = _extend_line(s, line, "...", elem_width, indent)
                line += sep
            for item in last[:trail - 1]:
                s, line = _extend_line(s, line, rec(item, axis + 1, next_indent, next_width), elem_width, indent)
                line += sep
            if last:
                s, line = _extend_line(s, line, rec(last[-1], axis + 1, next_indent, next_width), elem_width, indent)
            s += line
        else:
            s = ""
            line_sep = sep.rstrip() + "\n" * (left - 1)
            for item in first[:lead]:
                s += indent + rec(item, axis + 1, next_indent, next_width) + line_sep
            if cut:
                s += indent + "..." + line_sep
            for item in last[:trail - 1]:
                s += indent + rec(item, axis + 1, next_indent, next_width) + line_sep
            if last:
                s += indent + rec(last[-1], axis + 1, next_indent, next_width)
        return "[" + s[len(indent):] + "]"

    return rec(nested, 0, next_prefix, width)


def array2string(arr, separator=" ", prefix="", suffix=""):
    if arr.size == 0:
        return "[]"
    summarize = arr.size > THRESHOLD
    data = _edges(arr, summarize)
    nested = data.tolist()
    values = _flatten(nested, data.ndim)
    fmt = _formatter(arr.dtype.name, values, arr.ndim == 0)
    if arr.ndim == 0:
        return fmt(nested)
    summarized = [summarize and n > 2 * EDGEITEMS for n in arr.shape]
    next_prefix = " " + " " * len(prefix)
    return _format_array(nested, arr.shape, summarized, fmt, LINEWIDTH - len(suffix), next_prefix, separator)


def array_repr(arr):
    prefix = "array("
    body = array2string(arr, ", ", prefix, ")")
    extras = []
    if (arr.size == 0 and arr.shape != (0,)) or arr.size > THRESHOLD:
        extras.append(f"shape={arr.shape}")
    if arr.dtype.name not in _IMPLIED or arr.size == 0:
        extras.append(f"dtype={arr.dtype.name}")
    if not extras:
        return prefix + body + ")"
    text = prefix + body + ","
    extra = ", ".join(extras) + ")"
    last_line = len(text) - (text.rfind("\n") + 1)
    spacer = " "
    if last_line + len(extra) + 1 > LINEWIDTH:
        spacer = "\n" + " " * len(prefix)
    return text + spacer + extra


def array_str(arr):
    if arr.ndim == 0:
        return str(arr[()])
    return array2string(arr, " ", "")


def complex_scalar_str(z):
    return repr(z)
