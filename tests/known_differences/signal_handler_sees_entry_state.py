# A native loop that leaves for a signal handler of the program's is run again by the
# interpreter from the call's entry: the handler runs before those iterations, and sees,
# and changes, what the arguments held at the entry. A handler that stops the loop
# through an object the loop reads stops it at once: `o.cnt` is 0 with the JIT, about a
# million in CPython (README: known differences). Globals are kept out of native code
# while such a handler is set (tests/py/267).
import signal


class O:
    def __init__(self):
        self.cnt = 0
        self.stop = 0


o = O()


def handler(signum, frame):
    o.stop = 1


signal.signal(signal.SIGALRM, handler)


def spin(obj):
    while not obj.stop:
        obj.cnt += 1


signal.setitimer(signal.ITIMER_REAL, 0.05)
spin(o)
print("counted", o.cnt > 0)
