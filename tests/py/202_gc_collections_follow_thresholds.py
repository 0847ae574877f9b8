# Automatic collections follow the thresholds: about one young collection per threshold
# allocations of containers that stay alive, and an older one after every 11 young ones.
# pynum made two young collections each time (the schedule's next tick, made inside the
# collection, counted toward an immediate second one), so its older generations were
# collected twice as often as the thresholds say.
import gc

gc.collect()
gc.set_threshold(1000, 10, 10)
before = gc.get_stats()[0]["collections"]
older_before = sum(stats["collections"] for stats in gc.get_stats()[1:])
keep = []
for i in range(100_000):
    keep.append([i])
young = gc.get_stats()[0]["collections"] - before
print("young collections near 100:", 80 <= young <= 115, young if not 80 <= young <= 115 else "")
older = sum(stats["collections"] for stats in gc.get_stats()[1:]) - older_before
print("older collections after about every 11 young ones:", 6 <= older <= 12, older if not 6 <= older <= 12 else "")
