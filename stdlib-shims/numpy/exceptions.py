"""numpy.exceptions: the exception types pynum's numpy raises beyond the builtins."""


class AxisError(ValueError, IndexError):
    """An axis argument outside an array's dimensions (NumPy's wording)."""

    def __init__(self, axis, ndim=None, msg_prefix=None):
        if ndim is None and msg_prefix is None:
            self._msg = axis
            self.axis = self.ndim = None
        else:
            self._msg = msg_prefix
            self.axis = axis
            self.ndim = ndim
        super().__init__(axis, ndim) if ndim is not None else super().__init__(axis)

    def __str__(self):
        if self.axis is None:
            return str(self._msg)
        msg = f"axis {self.axis} is out of bounds for array of dimension {self.ndim}"
        return f"{self._msg}: {msg}" if self._msg is not None else msg


AxisError.__module__ = "numpy.exceptions"
