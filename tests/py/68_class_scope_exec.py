# Class-body scope rules, vars() of instances and classes, exec/eval with explicit namespaces.
x = "global"


class Config:
    factor = 3
    values = [i * 2 for i in range(factor)]
    try:
        hidden = [factor * i for i in range(3)]
    except NameError:
        hidden = "class names are invisible inside comprehensions"
    doubled = list(map(lambda v, f=factor: v * f, [1, 2]))

    def method(self):
        return self.factor, Config.factor


print(Config.values, Config.doubled, Config.hidden, Config().method())


class Obj:
    cls_attr = "class"

    def __init__(self):
        self.inst_attr = "instance"


o = Obj()
print(vars(o), "cls_attr" in vars(Obj), o.cls_attr, sorted(k for k in vars(Obj) if not k.startswith("__")))
funcs = {}
exec("def made(a): return a * 2", funcs)
print(funcs["made"](21), eval("x + '!'"), eval("a + b", {"a": 1, "b": 2}))
namespace = {"n": 5}
exec("m = n * 2\nresult = [m + i for i in range(3)]", namespace)
print(namespace["m"], namespace["result"], sorted(k for k in namespace if k != "__builtins__"))
print(eval("len(items) + extra", {"items": [1, 2, 3]}, {"extra": 10}))
code = compile("total = sum(range(limit))", "<snippet>", "exec")
scope = {"limit": 101}
exec(code, scope)
print(scope["total"], code.co_filename, type(code).__name__)
