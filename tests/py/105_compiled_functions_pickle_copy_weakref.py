# Functions automatic mode compiles are pickled by reference (multiprocessing sends them
# to workers), copied and deep-copied as themselves, and weakly referenceable, as
# functions are (issue 13; the previous binary raised: cannot pickle 'Dispatcher' object).
import copy, pickle, weakref, dataclasses, multiprocessing, concurrent.futures, functools

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a * 2 + b

class Box:
    def __init__(self):
        self.k = 3
    def scaled(self, n):
        t = 0
        for i in range(n):
            t += i * self.k
        return t

@dataclasses.dataclass
class Config:
    name: str
    fn: object

def main():
    for _ in range(20):
        sq(10); add(1, 2)

    print(pickle.loads(pickle.dumps(sq)) is sq, pickle.loads(pickle.dumps(add, protocol=0)) is add)
    print(copy.copy(sq) is sq, copy.deepcopy({'f': sq})['f'] is sq)
    c = copy.deepcopy(Config('x', sq))
    print(c.fn is sq, c.fn(10))
    r = weakref.ref(sq)
    print(r() is sq, r()(5))
    d = weakref.WeakValueDictionary()
    d['sq'] = sq
    print(d['sq'] is sq, len(d))
    b = Box()
    m = weakref.WeakMethod(b.scaled)
    print(m()(4), pickle.loads(pickle.dumps(Box.scaled)) is Box.scaled)
    p = functools.partial(add, 10)
    print(pickle.loads(pickle.dumps(p))(1), copy.deepcopy(p)(2))
    print(pickle.loads(pickle.dumps([sq, add, sq]))[2] is sq)

    with multiprocessing.Pool(2) as pool:
        print(pool.map(sq, [10, 100, 1000]))
        pool.close()  # workers leave by themselves (see 141)
        pool.join()
    with concurrent.futures.ProcessPoolExecutor(2) as ex:
        print(list(ex.map(add, [1, 2, 3], [4, 5, 6])))

    del m, b

if __name__ == '__main__':
    main()
