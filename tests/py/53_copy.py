# copy: shallow vs deep copies, shared references, cycles, and the __copy__/__deepcopy__ hooks.
import copy

original = {"nums": [1, 2, 3], "meta": {"tags": ["a", "b"]}, "name": "orig"}
shallow = copy.copy(original)
deep = copy.deepcopy(original)
shallow["nums"].append(4)
deep["meta"]["tags"].append("c")
shallow["name"] = "shallow"
print(original)
print(shallow)
print(deep)
print(shallow["nums"] is original["nums"], deep["nums"] is original["nums"], deep["meta"] == original["meta"])
shared = [0]
pair = [shared, shared]
pair_copy = copy.deepcopy(pair)
print(pair_copy[0] is pair_copy[1], pair_copy[0] is shared)
cyclic = [1, 2]
cyclic.append(cyclic)
cyc_copy = copy.deepcopy(cyclic)
print(cyc_copy[2] is cyc_copy, cyc_copy is cyclic, cyc_copy[:2], repr(cyclic))
t = (1, [2, 3])
t_copy = copy.deepcopy(t)
t_copy[1].append(4)
print(t, t_copy, copy.copy(t) is t, copy.deepcopy((1, 2)) is not None)
print(copy.copy(5), copy.deepcopy("s"), copy.copy([1, [2]])[1] is copy.copy([1, [2]])[1])


class Node:
    def __init__(self, value, children=None):
        self.value = value
        self.children = children or []

    def __repr__(self):
        return f"Node({self.value}, {self.children})"


tree = Node(1, [Node(2), Node(3, [Node(4)])])
tree_shallow = copy.copy(tree)
tree_deep = copy.deepcopy(tree)
tree.children[1].value = 30
tree.children.append(Node(5))
print(tree)
print(tree_shallow)
print(tree_deep)


class Tracked:
    def __init__(self, items):
        self.items = items
        self.copies = 0

    def __copy__(self):
        new = Tracked(self.items)
        new.copies = self.copies + 1
        return new

    def __deepcopy__(self, memo):
        new = Tracked(copy.deepcopy(self.items, memo))
        new.copies = self.copies + 100
        return new


tr = Tracked([1, [2]])
a = copy.copy(tr)
b = copy.deepcopy(tr)
print(a.copies, b.copies, a.items is tr.items, b.items is tr.items, b.items == tr.items)
lists = [[0] * 3] * 3
lists[0][0] = 9
print(lists)
proper = [[0] * 3 for _ in range(3)]
proper[0][0] = 9
print(proper, copy.deepcopy(lists)[0] is copy.deepcopy(lists)[1])
memo_copy = copy.deepcopy(lists)
print(memo_copy[0] is memo_copy[1], memo_copy)
d = {"k": {1, 2}}
d2 = copy.deepcopy(d)
d2["k"].add(3)
print(sorted(d["k"]), sorted(d2["k"]), list(original) == list(deep))
