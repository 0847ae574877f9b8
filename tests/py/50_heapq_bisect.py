# heapq (push/pop, heapify, nlargest/nsmallest, merge, priority queue) and bisect (search, insort, key=).
import bisect
import heapq

data = [5, 1, 8, 3, 9, 2, 7]
heap = []
for x in data:
    heapq.heappush(heap, x)
print(heap[0], [heapq.heappop(heap) for _ in range(len(heap))])
h = data[:]
heapq.heapify(h)
print(h, h[0])
print(heapq.heappushpop(h, 0), heapq.heapreplace(h, 10), sorted(h))
print(heapq.nlargest(3, data), heapq.nsmallest(3, data), heapq.nlargest(2, ["bb", "a", "ccc"], key=len))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [0, 3, 6])), list(heapq.merge([3, 1], [4, 2], reverse=True)))
tasks = []
for priority, name in [(3, "write"), (1, "plan"), (2, "code"), (1, "coffee"), (5, "ship")]:
    heapq.heappush(tasks, (priority, name))
order = []
while tasks:
    order.append(heapq.heappop(tasks))
print(order)


def k_closest(points, k):
    return heapq.nsmallest(k, points, key=lambda p: p[0] ** 2 + p[1] ** 2)


print(k_closest([(3, 3), (1, -1), (-2, 4), (0, 1), (5, 0)], 3))
maxheap = [-x for x in data]
heapq.heapify(maxheap)
print([-heapq.heappop(maxheap) for _ in range(3)])

scores = [10, 20, 20, 30, 40, 50]
print(bisect.bisect_left(scores, 20), bisect.bisect_right(scores, 20), bisect.bisect(scores, 35), bisect.bisect(scores, 0))
print(bisect.bisect_left(scores, 20, lo=3), bisect.bisect_right(scores, 99))
sorted_list = []
for v in [7, 3, 9, 1, 5, 3]:
    bisect.insort(sorted_list, v)
print(sorted_list)
bisect.insort_left(sorted_list, 5)
bisect.insort_right(sorted_list, 5)
print(sorted_list)


def grade(score, breakpoints=(60, 70, 80, 90), grades="FDCBA"):
    return grades[bisect.bisect(breakpoints, score)]


print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100, 60, 59]])
records = [("alice", 25), ("bob", 30), ("carol", 35)]
ages = [r[1] for r in records]
print(records[bisect.bisect_left(ages, 30)], bisect.bisect_left(records, 31, key=lambda r: r[1]))
bisect.insort(records, ("dave", 28), key=lambda r: r[1])
print(records)


def index_of(a, x):
    i = bisect.bisect_left(a, x)
    return i if i != len(a) and a[i] == x else -1


print(index_of(scores, 30), index_of(scores, 35), index_of([], 1))
running = []
medians = []
for v in [5, 15, 1, 3, 8, 7, 9, 10]:
    bisect.insort(running, v)
    n = len(running)
    medians.append(running[n // 2] if n % 2 else (running[n // 2 - 1] + running[n // 2]) / 2)
print(medians)
