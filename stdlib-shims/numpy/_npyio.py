"""NumPy's byte-level interop: `frombuffer`, and `save`/`load` of `.npy` files in
NumPy's format (version 1.0 as NumPy writes it, byte for byte; versions 2.0 and 3.0
read too).

Assumes the host is little-endian (items are stored in the host's order, as the native
arrays are). Imported at first use of one of its names (`numpy.__getattr__`).
"""

import _numpy
import os as _os

from . import _wrap, _dtype_name, asarray, dtype as _dtype_class

__all__ = ["frombuffer", "save", "load"]

_MAGIC = b"\x93NUMPY"
# NumPy aligns the data to 64 bytes and leaves room to grow the first axis in place.
_ARRAY_ALIGN = 64
_GROWTH_AXIS_MAX_DIGITS = 21

# `dtype.str` of every dtype native arrays hold.
_DESCR = {"bool": "|b1", "int8": "|i1", "uint8": "|u1", "int16": "<i2", "uint16": "<u2",
          "int32": "<i4", "uint32": "<u4", "int64": "<i8", "uint64": "<u8",
          "float32": "<f4", "float64": "<f8", "complex128": "<c16"}
_FROM_DESCR = {v: k for k, v in _DESCR.items()}
_FROM_DESCR.update({"<b1": "bool", "<i1": "int8", "<u1": "uint8", "|i1": "int8"})


def frombuffer(buffer, dtype=float, count=-1, offset=0):
    """The items of a bytes-like object. A copy, read-only when the buffer is (NumPy's
    result shares the buffer's memory; writes to a bytearray afterwards do not reach it)."""
    name = _dtype_name(dtype)
    view = memoryview(buffer).cast("B")
    size = len(view)
    if offset < 0 or offset > size:
        raise ValueError("offset must be non-negative and no greater than buffer length (%d)" % size)
    itemsize = _dtype_class(name).itemsize
    available = size - offset
    if count < 0:
        if available % itemsize:
            raise ValueError("buffer size must be a multiple of element size")
        count = available // itemsize
    elif available < count * itemsize:
        raise ValueError("buffer is smaller than requested size")
    data = bytes(view[offset:offset + count * itemsize])
    a = _wrap(_numpy.frombytes(data, name))
    if view.readonly:
        a.flags.writeable = False
    return a


def _header(a, fortran_order):
    shape = a.shape
    header = "{'descr': %r, 'fortran_order': %r, 'shape': %r, }" % (_DESCR[a.dtype.name], fortran_order, shape)
    if shape:
        header += " " * (_GROWTH_AXIS_MAX_DIGITS - len(repr(shape[-1 if fortran_order else 0])))
    encoded = header.encode("latin1")
    length = len(encoded) + 1
    padding = _ARRAY_ALIGN - ((len(_MAGIC) + 2 + 2 + length) % _ARRAY_ALIGN)
    total = length + padding
    if total > 0xFFFF:
        raise NotImplementedError("numpy.save of a header longer than version 1.0's")
    return _MAGIC + b"\x01\x00" + total.to_bytes(2, "little") + encoded + b" " * padding + b"\n"


def save(file, arr, allow_pickle=True):
    """Writes `arr` to a `.npy` file (a path, to which `.npy` is added, or a binary file)."""
    a = asarray(arr)
    fortran_order = a.flags.f_contiguous and not a.flags.c_contiguous
    data = (a.T if fortran_order else a).tobytes()
    payload = _header(a, fortran_order) + data
    if hasattr(file, "write"):
        file.write(payload)
        return
    path = _os.fspath(file)
    if not path.endswith(".npy"):
        path += ".npy"
    with open(path, "wb") as out:
        out.write(payload)


def _read_header(raw):
    if raw[:6] != _MAGIC:
        raise ValueError("the magic string is not correct; expected b'\\x93NUMPY', got %r" % raw[:6])
    major, minor = raw[6], raw[7]
    if (major, minor) == (1, 0):
        length, start = int.from_bytes(raw[8:10], "little"), 10
    elif (major, minor) in ((2, 0), (3, 0)):
        length, start = int.from_bytes(raw[8:12], "little"), 12
    else:
        raise ValueError("we only support format version (1,0), (2,0), and (3,0), not (%d, %d)" % (major, minor))
    text = raw[start:start + length].decode("utf8" if major == 3 else "latin1")
    import ast
    header = ast.literal_eval(text)
    if not isinstance(header, dict) or set(header) != {"descr", "fortran_order", "shape"}:
        raise ValueError("Header is not a dictionary with the expected keys: %r" % (header,))
    return header, start + length


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", **kwargs):
    """Reads an array written by `save` (or by NumPy) from a `.npy` file."""
    if mmap_mode is not None:
        raise NotImplementedError("numpy.load with mmap_mode")
    if hasattr(file, "read"):
        # Exactly this array's bytes: the file is left after them, at the next array.
        raw = file.read(10)
        if raw[:6] == _MAGIC and len(raw) == 10:
            more = int.from_bytes(raw[8:10], "little") if raw[6] == 1 else None
            if more is None:
                raw += file.read(2)
                more = int.from_bytes(raw[8:12], "little")
            raw += file.read(more)
            header, start = _read_header(raw)
            name = _FROM_DESCR.get(header["descr"])
            if name is not None:
                count = 1
                for n in header["shape"]:
                    count *= n
                raw += file.read(count * _dtype_class(name).itemsize)
        else:
            raw += file.read()
    else:
        with open(_os.fspath(file), "rb") as f:
            raw = f.read()
    if raw[:2] == b"PK":
        raise NotImplementedError("numpy.load of .npz archives")
    if raw[:6] != _MAGIC:
        raise ValueError("Cannot load file containing pickled data when allow_pickle=False")
    header, start = _read_header(raw)
    name = _FROM_DESCR.get(header["descr"])
    if name is None:
        raise NotImplementedError("numpy.load of dtype %r" % (header["descr"],))
    shape = tuple(header["shape"])
    count = 1
    for n in shape:
        count *= n
    itemsize = _dtype_class(name).itemsize
    data = raw[start:start + count * itemsize]
    if len(data) < count * itemsize:
        raise ValueError("cannot reshape array of size %d into shape %r" % (len(data) // itemsize, shape))
    flat = _wrap(_numpy.frombytes(data, name))
    if header["fortran_order"]:
        return flat.reshape(shape[::-1]).T
    return flat.reshape(shape)
