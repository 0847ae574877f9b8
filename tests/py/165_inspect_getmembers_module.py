# inspect.getmembers(module, inspect.isfunction) after compiled functions ran and lifted
# loops ran: a test collector and a plugin table see the module's functions only (issue 13).
import inspect, sys

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def test_one():
    d = {}
    t = 0
    for i in range(100000):
        t += i * 3
    d["t"] = t
    return d

def plugin_render(n):
    parts = []
    acc = 0
    for i in range(n):
        acc += i ^ 5
    parts.append(str(acc))
    return "".join(parts)

class Suite:
    def test_method(self):
        t = 0
        for i in range(100000):
            t += i & 7
        return str(t)

acc = 0
for j in range(100000):
    acc += j % 3

def main():
    for i in range(5000):
        add(i, i)
    print(sq(100000), test_one(), plugin_render(100000), Suite().test_method(), acc)
    mod = sys.modules[__name__]
    print([name for name, _ in inspect.getmembers(mod, inspect.isfunction)])
    print([name for name, _ in inspect.getmembers(mod, inspect.isroutine)])
    print([name for name, _ in inspect.getmembers(mod, inspect.isclass)])
    print([name for name, f in inspect.getmembers(mod) if callable(f) and not name.startswith("__")])
    tests = [n for n, f in inspect.getmembers(mod, inspect.isfunction) if n.startswith("test_")]
    plugins = {n[len("plugin_"):]: f for n, f in vars(mod).items() if n.startswith("plugin_")}
    print(tests, sorted(plugins))
    print([n for n, _ in inspect.getmembers(Suite, inspect.isfunction)])
    print(all(f.__module__ == "__main__" for _, f in inspect.getmembers(mod, inspect.isfunction)))

main()
