# multiprocessing forks its workers, as CPython 3.11 does on Linux: a script without an
# `if __name__ == '__main__':` guard runs its pool once (3.14's forkserver default re-ran
# the script in every worker, and the pool failed), and compiled functions reach them.
import multiprocessing

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

print("start")
with multiprocessing.Pool(2) as pool:
    print(pool.map(sq, [10, 100, 1000, 5]))
    pool.close()  # workers leave by themselves (see 141)
    pool.join()
print(multiprocessing.get_start_method())
ctx = multiprocessing.get_context('spawn')
print(ctx.get_start_method())
