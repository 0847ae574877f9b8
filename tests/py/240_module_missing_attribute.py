# A module's missing attribute: CPython 3.11's messages (partially initialized while its
# code runs, "cannot access submodule" while a submodule's does, plain otherwise), the
# module's __getattr__, and no spec property read to word the error (rustpython read
# `has_location`, running Python code whose exceptions it dropped: a Ctrl-C then was lost).
import os
import shutil
import sys
import tempfile
import types

root = tempfile.mkdtemp()
sys.path.insert(0, root)


def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


probe = """
import {parent}
for name in ({names}):
    try:
        getattr({parent}, name)
    except AttributeError as e:
        print("{where}:", e)
"""
write("circ/__init__.py", "from . import inner\n")
write("circ/inner.py", probe.format(parent="circ", names="'inner', 'missing'", where="inner"))
write("late/__init__.py", "")
write("late/sub.py", probe.format(parent="late", names="'sub', 'other'", where="sub"))
import circ
import late.sub

for name in ("inner", "missing"):
    try:
        print(getattr(circ, name).__name__)
    except AttributeError as e:
        print("after:", e)

try:
    os.no_such_thing
except AttributeError as e:
    print(e)
print(getattr(os, "no_such_thing", "default"), hasattr(os, "no_such_thing"))


class NoisySpec:
    @property
    def has_location(self):
        print("has_location read")
        return True

    origin = "/somewhere/noisy.py"
    _initializing = False


m = types.ModuleType("noisy")
m.__spec__ = NoisySpec()
try:
    m.absent
except AttributeError as e:
    print(e)
m.__spec__._initializing = True
try:
    m.absent
except AttributeError as e:
    print(e)

m2 = types.ModuleType("lazy")
m2.__getattr__ = lambda name: "made " + name
print(m2.anything, getattr(m2, "x"))

m3 = types.ModuleType("anon")
del m3.__name__
try:
    m3.y
except AttributeError as e:
    print(e)
m3.__name__ = 42
try:
    m3.y
except AttributeError as e:
    print(e)


class Sub(types.ModuleType):
    pass


s = Sub("subclassed")
try:
    s.z
except AttributeError as e:
    print(e)

shutil.rmtree(root)
