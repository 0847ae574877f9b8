# Replacing a list item whose old value's __del__ changes the same list: CPython prints
# "30 list assignment index out of range 20 [0, 0, 0]"; rustpython drops the old item
# while it still holds the list's lock, and the pop in __del__ waits for that lock forever
# (with or without the JIT). Found by an adversarial run of chunked range loops.
class D:
    def __init__(self, lst):
        self.lst = lst

    def __del__(self):
        if self.lst:
            self.lst.pop()


def overwrite(a, n):
    for i in range(n):
        a[i] = 0


n = 30
a = list(range(n))
for k in range(n - 10, n):
    a[k] = D(a)
try:
    overwrite(a, n)
    result = "ok"
except Exception as e:
    result = str(e)
print(n, result, len(a), a[-3:])
