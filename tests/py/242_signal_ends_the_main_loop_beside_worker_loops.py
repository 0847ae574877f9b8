# A signal with a Python handler ends the main thread's native loop even while other
# threads run native loops of their own: a worker's loop that saw the poll flag first
# took it, and the main thread's loop ran on for ever (found by an adversarial review).
import signal
import threading


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, on_alarm)


def small(n):
    s = 0
    for i in range(n):
        s += i * i
    return s


def big(n):
    s = 0
    i = 0
    while i < n:
        s = (s + i) % 1000003
        i += 1
    return s


stop = False


def worker():
    while not stop:
        small(2000)


for _ in range(300):
    small(100)
    big(100)
workers = [threading.Thread(target=worker) for _ in range(3)]
for w in workers:
    w.start()
ended = 0
for trial in range(25):
    signal.setitimer(signal.ITIMER_REAL, 0.02)
    try:
        big(10**12)
    except Timeout:
        ended += 1
stop = True
for w in workers:
    w.join()
print("alarms that ended the loop:", ended)
