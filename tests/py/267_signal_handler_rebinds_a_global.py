# Found by an adversarial helper: a signal handler that rebinds a module global a native
# loop reads (`STOP = True`). The loop leaves native code for the handler, and the
# interpreter runs the call again from its entry, now with STOP true: the loop counted
# one iteration where CPython counts millions. While the program has a signal handler of
# its own, globals stay out of native code.
import signal

STOP = False
LIMIT = 10**10


def handler(signum, frame):
    global STOP
    STOP = True


signal.signal(signal.SIGALRM, handler)


def spin():
    s = 0
    for i in range(LIMIT):
        s += 1
        if STOP:
            break
    return s


def spin_while():
    n = 0
    while not STOP:
        n += 1
    return n


signal.setitimer(signal.ITIMER_REAL, 0.05)
print("for loop counted", spin() > 1000)
STOP = False
signal.setitimer(signal.ITIMER_REAL, 0.05)
print("while loop counted", spin_while() > 1000)
