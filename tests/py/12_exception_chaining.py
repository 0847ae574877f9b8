# Exception chaining: raise from, implicit __context__, from None, walking chains, traceback objects.


class ConfigError(Exception):
    pass


def parse_port(text):
    try:
        return int(text)
    except ValueError as e:
        raise ConfigError(f"bad port {text!r}") from e


def load(text):
    try:
        return parse_port(text)
    except ConfigError as e:
        return f"{type(e).__name__}: {e} (cause: {type(e.__cause__).__name__})"


print(load("8080"))
print(load("eighty"))

try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise KeyError("during handling")
except KeyError as e:
    print("context:", type(e.__context__).__name__, "cause:", e.__cause__)
    print("suppress:", e.__suppress_context__)

try:
    try:
        {}["x"]
    except KeyError:
        raise RuntimeError("clean") from None
except RuntimeError as e:
    print("from None:", e.__cause__, e.__suppress_context__, type(e.__context__).__name__)


def chain_depth(exc):
    depth = 0
    while exc is not None:
        print("  " * depth + f"{type(exc).__name__}: {exc}")
        exc = exc.__cause__ or exc.__context__
        depth += 1
    return depth


def level3():
    raise LookupError("level3 failed")


def level2():
    try:
        level3()
    except LookupError as e:
        raise ConfigError("level2 failed") from e


def level1():
    try:
        level2()
    except ConfigError:
        raise RuntimeError("level1 failed")


try:
    level1()
except RuntimeError as top:
    print("depth", chain_depth(top))
    tb = top.__traceback__
    names = []
    while tb is not None:
        names.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    print(names)
