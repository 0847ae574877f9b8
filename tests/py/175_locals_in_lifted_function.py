# locals() inside a function whose loop automatic mode lifts: before the loop, inside it
# (on some iterations) and after it, and locals() of a compiled numeric function (issue 13).
def work(n):
    label = "sum"
    print(sorted(locals()))
    t = 0
    seen = []
    for i in range(n):
        t += i * 3
        if i == n - 1:
            seen.append(sorted(locals()))
    print(seen)
    print(sorted(locals()), locals()["t"], locals()["i"])
    return label + "=" + str(t)

def lookup(n):
    table = {"a": 1}
    s = 0
    for i in range(n):
        s += i % 11
    snap = locals()
    return sorted(snap), snap["s"]

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def main():
    print(work(100000))
    print(lookup(100000))
    print(sq(100000))
    print(sorted(locals()))

main()
