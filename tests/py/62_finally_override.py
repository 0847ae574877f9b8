# return/break/continue inside finally (compiled with warnings silenced, since 3.14 warns about them).
import warnings

SOURCE = '''
def override():
    try:
        return "try value"
    finally:
        return "finally value"

def swallow():
    try:
        raise KeyError("lost")
    finally:
        return "swallowed"

def break_in_finally():
    seen = []
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            seen.append(i)
            break
    return seen

def continue_in_finally():
    seen = []
    for i in range(4):
        try:
            if i % 2:
                raise RuntimeError(i)
            seen.append(("ok", i))
        finally:
            seen.append(("finally", i))
            continue
    return seen

def counter_in_finally(n):
    try:
        return n
    finally:
        n += 100
        if n > 150:
            return n
'''

namespace = {}
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    exec(compile(SOURCE, "<finally-demo>", "exec"), namespace)
print(namespace["override"]())
print(namespace["swallow"]())
print(namespace["break_in_finally"]())
print(namespace["continue_in_finally"]())
print(namespace["counter_in_finally"](10), namespace["counter_in_finally"](60))
print(sorted(name for name in namespace if not name.startswith("__")))
