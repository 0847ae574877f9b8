# sys module: portable facts only (version tuple checks, maxsize, stdout, exc_info, exit via SystemExit).
import sys

print(sys.version_info[0], sys.version_info >= (3, 11), sys.version_info.major == 3)
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1, sys.maxunicode, sys.byteorder)
print(sys.float_info.max, sys.float_info.min, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig)
print(isinstance(sys.argv, list), len(sys.argv), sys.argv[0].endswith(".py"))
print(isinstance(sys.path, list), "sys" in sys.modules, "__main__" in sys.modules)
print(sys.modules["__main__"].__name__, __name__)
written = sys.stdout.write("written directly\n")
print("write returned", written)
sys.stdout.write("no newline then ")
print("print")
print("to stdout explicitly", file=sys.stdout)
print(sys.stdout is sys.__stdout__, hasattr(sys.stdout, "flush"))
sys.stdout.flush()
try:
    raise KeyError("info")
except KeyError:
    exc_type, exc_value, tb = sys.exc_info()
    print(exc_type.__name__, exc_value.args, tb is not None, sys.exception() if hasattr(sys, "exception") else "n/a")
print(sys.exc_info() == (None, None, None))
for code in (0, 5, "message", None):
    try:
        sys.exit(code)
    except SystemExit as e:
        print("SystemExit code:", repr(e.code))
s1 = sys.intern("interned" + "string")
s2 = sys.intern("internedstring")
print(s1 is s2, s1)
print(type(sys.getrecursionlimit()).__name__, sys.getrecursionlimit() > 50)


def frame_names():
    f = sys._getframe()
    names = []
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    return names


def caller():
    return frame_names()


print(caller())
print(sys.getdefaultencoding(), sys.stdout.encoding.lower().replace("-", ""))
print(sorted(k for k in ("stdin", "stdout", "stderr") if hasattr(sys, k)))
