# multiprocessing.Pool sends compiled functions to its workers by reference: map,
# starmap, imap, apply_async and map_async on numeric functions that got hot (issue 13).
import multiprocessing

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def add(a, b):
    return a * 2 + b

def poly(x):
    return 3 * x * x - 2 * x + 7

def main():
    for i in range(5000):
        add(i, i); poly(i)
    sq(100000)
    with multiprocessing.Pool(2) as pool:
        print(pool.map(sq, [10, 100, 1000, 10000]))
        print(pool.starmap(add, [(1, 2), (3, 4), (5, 6)]))
        print(sorted(pool.imap_unordered(poly, range(8))))
        print(list(pool.imap(poly, range(5), chunksize=2)))
        r = pool.apply_async(sq, (500,))
        print(r.get(timeout=30))
        pending = pool.map_async(add, [7, 8], chunksize=1)
        print(pending.ready() in (True, False))
        print(pool.apply(add, (20, 1)))
        # Every result is collected and the workers leave by themselves before the
        # `with` terminates the pool: SIGTERM reaching a worker while it holds the
        # result queue's lock deadlocks the pool's task handler, under CPython too.
        print(pending.get(timeout=30))
        pool.close()
        pool.join()

if __name__ == "__main__":
    main()
