# time module: only relative/fixed values are printed (monotonic checks, gmtime of fixed epochs, strftime).
import calendar
import time

t1 = time.time()
p1 = time.perf_counter()
m1 = time.monotonic()
time.sleep(0.01)
t2 = time.time()
p2 = time.perf_counter()
m2 = time.monotonic()
print("time advances:", t2 >= t1, p2 > p1, m2 >= m1)
print("slept at least ~10ms:", (p2 - p1) >= 0.009)
print(type(t1).__name__, type(time.time_ns()).__name__, time.time_ns() > 1_600_000_000 * 10 ** 9)
print(isinstance(time.monotonic_ns(), int), isinstance(time.process_time(), float))

epoch = time.gmtime(0)
print(epoch.tm_year, epoch.tm_mon, epoch.tm_mday, epoch.tm_hour, epoch.tm_wday, epoch.tm_yday)
moment = time.gmtime(1_000_000_000)
print(tuple(moment)[:9])
print(time.strftime("%Y-%m-%d %H:%M:%S", moment))
print(time.strftime("%a %b %d %j %y %%", moment))
print(time.strftime("%Y/%m/%d", time.gmtime(86400 * 365 * 30)))
print(time.asctime(moment))
leap = time.gmtime(951782400)
print(time.strftime("%Y-%m-%d %A", leap), leap.tm_yday)
parsed = time.strptime("2024-02-29 13:45:10", "%Y-%m-%d %H:%M:%S")
print(parsed.tm_year, parsed.tm_mon, parsed.tm_mday, parsed.tm_hour, parsed.tm_min, parsed.tm_sec, parsed.tm_wday, parsed.tm_yday)
print(time.strftime("%d.%m.%Y", parsed))
st = time.struct_time((2000, 1, 2, 3, 4, 5, 6, 2, 0))
print(st.tm_year, st[1], st.tm_sec, len(st), time.strftime("%H:%M", st))
print(calendar.timegm(moment), calendar.timegm(time.gmtime(0)), calendar.isleap(2000), calendar.isleap(1900))
print(tuple(int(x) for x in calendar.monthrange(2024, 2)), int(calendar.weekday(2024, 1, 1)), calendar.leapdays(1900, 2000))


def busy(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


start = time.perf_counter()
value = busy(10000)
elapsed = time.perf_counter() - start
print(value, elapsed >= 0, elapsed < 5)
deadline = time.monotonic() + 0.005
spins = 0
while time.monotonic() < deadline:
    spins += 1
print("spun", spins > 0)
