# pynum freezes what start-up made (gc.freeze) so collections scan only the program's
# objects; the program must still see CPython's gc: its own freeze counts, collection
# of its cycles, finalizers at exit.
import gc


deleted = []


class Noisy:
    def __init__(self, name):
        self.name = name
        self.me = self

    def __del__(self):
        deleted.append(self.name)
        if self.name.startswith("alive"):
            print("del", self.name)


print("frozen at start:", gc.get_freeze_count())
a = Noisy("cycle")
del a
print("collected something:", gc.collect() > 0)
made = [Noisy("frozen-by-program-%d" % i) for i in range(3)]
gc.freeze()
print("program froze some:", gc.get_freeze_count() >= 3)
gc.unfreeze()
print("after unfreeze:", gc.get_freeze_count())
del made
gc.collect()
print(sorted(deleted))
keep = Noisy("alive at exit")
print("end")
