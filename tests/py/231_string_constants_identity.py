# A string constant that native code hands back, stores into a list or writes into a
# dict is the object the interpreter's code holds, as in CPython: the same object at
# every call, whether the call ran natively or not. Native code used to make a new str
# for each constant on every call (`pick(2) is pick(4)` was False once compiled).


def pick(n):
    if n % 2 == 0:
        return "even"
    return "odd and not a name!"


first_even = pick(0)
first_odd = pick(1)
same_even = same_odd = 0
for i in range(3000):
    if pick(2 * i) is first_even:
        same_even += 1
    if pick(2 * i + 1) is first_odd:
        same_odd += 1
print(same_even, same_odd, pick(4) is pick(6), pick(3) is pick(5))


def label(values, labels):
    for i in range(len(values)):
        if values[i] < 0:
            labels[i] = "negative value!"
        else:
            labels[i] = "fine"


values = [(-1) ** i * i for i in range(2000)]
labels = ["?"] * len(values)
label(values, labels)
label(values, labels)
print(labels[:4], labels[1] is labels[3], labels[0] is labels[2])
print(len({id(text) for text in labels}))


def tally(words, counts):
    for word in words:
        counts[word] = "seen twice!" if word in counts else "seen once"


counts = {}
tally(["a", "b", "a", "c"] * 500, counts)
tally(["d"], counts)
print(counts, len({id(text) for text in counts.values()}))
