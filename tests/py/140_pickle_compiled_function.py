# Functions automatic mode compiles are pickled by reference, at every protocol, alone
# and inside containers, and unpickle to the very same object (issue 13).
import pickle, pickletools

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a * 2 + b

def hyp(x, y):
    return (x * x + y * y) ** 0.5

def main():
    total = 0
    for i in range(4000):
        total += add(i, 1) + sq(20)
        hyp(float(i), 2.0)
    print(total, sq(200000))
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(sq, protocol=proto)
        print(proto, pickle.loads(data) is sq, b"sq" in data, b"__main__" in data)
    print(pickle.loads(pickle.dumps(add)) is add, pickle.loads(pickle.dumps(hyp)) is hyp)
    blob = pickle.dumps({"fns": [sq, add, hyp], "pair": (add, sq), "n": 3})
    back = pickle.loads(blob)
    print(back["fns"][0] is sq, back["fns"][1] is add, back["pair"] == (add, sq), back["n"])
    print(back["fns"][2](3.0, 4.0), back["pair"][1](10))
    # The pickle stream names the global, nothing else.
    ops = [op.name for op, arg, pos in pickletools.genops(pickle.dumps(add, protocol=2))]
    print(ops)
    args = [arg for op, arg, pos in pickletools.genops(pickle.dumps(add, protocol=2)) if isinstance(arg, str)]
    print(args)
    print(len(pickle.dumps(sq, protocol=4)) == len(pickle.dumps(hyp, protocol=4)) - 1)

main()
