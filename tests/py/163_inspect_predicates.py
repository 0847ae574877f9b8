# inspect's predicates and callable() on compiled functions, bound methods made from
# them, and functions with lifted loops (issue 13).
import inspect

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def words(n):
    out = []
    t = 0
    for i in range(n):
        t += i * 2
    out.append(str(t))
    return out

class K:
    m = add

def main():
    for i in range(5000):
        add(i, 2)
    print(sq(100000), words(100000))
    preds = ["isfunction", "isroutine", "ismethod", "isbuiltin", "ismethoddescriptor",
             "isgeneratorfunction", "iscoroutinefunction", "isasyncgenfunction",
             "isclass", "ismodule", "iscode", "isabstract", "isdatadescriptor"]
    for f in (sq, add, words, K().m, K.m):
        print([p for p in preds if getattr(inspect, p)(f)], callable(f))
    print(inspect.iscode(sq.__code__), inspect.isfunction(K.__dict__["m"]))
    print(inspect.getmodule(sq).__name__, inspect.getmodule(add) is inspect.getmodule(main))

main()
