# dir() at module level, inside functions with lifted loops (before and after the loop)
# and of the module object lists what CPython lists (issue 13).
import sys

def work(n):
    label = "w"
    print(sorted(dir()))
    t = 0
    for i in range(n):
        t += i * i
    print(sorted(dir()))
    out = label + str(t)
    return out

def nested(n):
    names = []
    for j in range(3):
        s = 0
        for i in range(n):
            s += i ^ j
        names.append(sorted(dir()))
    return names

total = 0
for k in range(100000):
    total += k & 3

def main():
    print(work(100000))
    print(nested(100000)[-1])
    print(sorted(dir()))
    print([n for n in dir(sys.modules[__name__]) if not n.startswith("__")])
    print([n for n in dir() if "pynum" in n])

main()
print([n for n in dir() if not n.startswith("__")])
