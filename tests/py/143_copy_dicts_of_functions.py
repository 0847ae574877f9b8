# copy.copy and copy.deepcopy of dicts, lists and nested containers that hold compiled
# functions keep the functions themselves, as CPython does (issue 13).
import copy

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a + b

def scale(x, k=3):
    return x * k

def main():
    t = 0
    for i in range(5000):
        t += add(i, 2) + scale(i)
    print(t, sq(150000))
    ops = {"sq": sq, "add": add, "scale": scale}
    shallow = copy.copy(ops)
    deep = copy.deepcopy(ops)
    print(shallow == ops, deep == ops, deep is ops)
    print(all(deep[k] is ops[k] for k in ops), sorted(deep))
    nested = {"table": [ops, (sq, add)], "meta": {"fn": scale, "args": [1, 2]}}
    d2 = copy.deepcopy(nested)
    print(d2["table"][0]["sq"] is sq, d2["table"][1][1] is add, d2["meta"]["fn"] is scale)
    print(d2["meta"]["args"] is nested["meta"]["args"], d2["table"][1] is nested["table"][1])
    memo = {}
    d3 = copy.deepcopy([sq, sq, add], memo)
    print(d3[0] is d3[1] is sq, id(sq) in memo)
    print(copy.copy(sq) is sq, copy.deepcopy(add) is add, copy.deepcopy(scale)(5))
    print([f(4) if f is not add else f(4, 4) for f in d3])

main()
