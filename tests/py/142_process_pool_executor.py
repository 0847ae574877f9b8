# concurrent.futures.ProcessPoolExecutor runs compiled functions in worker processes:
# submit, map with several iterables, as_completed (issue 13).
import concurrent.futures

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def mix(a, b):
    return a * a - b

def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

def main():
    acc = 0
    for i in range(1, 4000):
        acc += mix(i, 3) + collatz(i)
    print(acc)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as ex:
        futs = {ex.submit(sq, n): n for n in (10, 100, 1000)}
        got = sorted((futs[f], f.result()) for f in concurrent.futures.as_completed(futs))
        print(got)
        print(list(ex.map(mix, [1, 2, 3], [4, 5, 6])))
        print(list(ex.map(collatz, range(1, 12), chunksize=3)))
        print(ex.submit(sq, 200000).result())

if __name__ == "__main__":
    main()
