# Context managers: __enter__/__exit__, exception suppression, contextlib helpers, ExitStack.
import contextlib
import io


class Tracker:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print(f"enter {self.name}")
        return self

    def __exit__(self, exc_type, exc, tb):
        kind = exc_type.__name__ if exc_type else None
        print(f"exit {self.name} exc={kind}")
        return self.suppress


with Tracker("a") as t:
    print("inside", t.name)
with Tracker("outer"), Tracker("inner"):
    print("nested body")
with Tracker("swallow", suppress=True):
    raise ValueError("hidden")
print("after swallow")
try:
    with Tracker("propagate"):
        raise KeyError("k")
except KeyError:
    print("propagated KeyError")


@contextlib.contextmanager
def tag(name):
    print(f"<{name}>", end="")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")


with tag("b") as upper:
    print(upper, end="")


@contextlib.contextmanager
def catching(*types):
    try:
        yield
    except types as e:
        print("catching handled", type(e).__name__)


with catching(ZeroDivisionError):
    1 / 0
with contextlib.suppress(FileNotFoundError, KeyError):
    {}["nope"]
print("suppress ok")

buffer = io.StringIO()
with contextlib.redirect_stdout(buffer):
    print("captured line 1")
    print("captured line 2")
print(repr(buffer.getvalue()))

with contextlib.ExitStack() as stack:
    for n in range(3):
        stack.enter_context(Tracker(f"stack{n}"))
    stack.callback(print, "callback runs first")
    print("stack body")

with contextlib.nullcontext(42) as value:
    print("nullcontext", value)

with contextlib.closing(io.StringIO("closing() calls close()")) as stream:
    print(stream.read())
print("closed afterwards:", stream.closed)
