# Slicing: lists, strings, tuples, negative steps, slice objects, slice assignment and deletion.
nums = list(range(10))
print(nums[2:5], nums[:3], nums[7:], nums[-3:], nums[:-7], nums[::2], nums[1::3])
print(nums[::-1], nums[8:2:-2], nums[-1:-4:-1], nums[5:5], nums[20:], nums[-20:2])
word = "programming"
print(word[:4], word[4:], word[::-1], word[::3], word[-4:-1], word[100:], word[3:-3])
tup = (1, 2, 3, 4, 5)
print(tup[1:3], tup[::-2], type(tup[1:2]).__name__)
s = slice(1, 8, 2)
print(nums[s], word[s], s.start, s.stop, s.step, s.indices(5), slice(None, None, -1).indices(4))
print(slice(3), slice(1, 2), slice(-3, None).indices(10))
data = list(range(10))
data[2:4] = ["a", "b", "c"]
print(data)
data[::3] = ["X"] * len(data[::3])
print(data)
data[1:1] = [100, 200]
print(data)
del data[::2]
print(data)
del data[-2:]
print(data)
data[:] = "xyz"
print(data)
try:
    data[::2] = [1]
except ValueError as e:
    print("extended slice assignment size mismatch:", type(e).__name__)
b = bytearray(b"hello world")
b[0:5] = b"HELLO"
print(b, b[6:], bytes(b[::-1]), b[-1], b[1:3])


class Seq:
    def __getitem__(self, key):
        if isinstance(key, slice):
            return ("slice", key.start, key.stop, key.step)
        return ("index", key)


q = Seq()
print(q[5], q[1:2], q[::3], q[:-1], q[1:2, 3], q[...])
matrix = [[r * 4 + c for c in range(4)] for r in range(4)]
print([row[1:3] for row in matrix[1:3]], [row[-1] for row in matrix], matrix[::-1][0])
copy = nums[:]
copy.append(99)
print(len(nums), len(copy), copy is nums, copy[:-1] == nums)
text = "abcdefghij"
print([text[i:i + 3] for i in range(0, len(text), 3)], text[len(text) // 2:], text[:-len(text)])
print(list(range(20))[slice(2, 15, 4)], range(0, 30, 3)[2:6], range(10)[::-1], range(10)[-3])
memory = memoryview(b"abcdef")
print(memory[1:4].tobytes(), bytes(memory[::2]), memory[-1])
