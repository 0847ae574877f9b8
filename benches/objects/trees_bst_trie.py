# Exercises: tree structures: an unbalanced binary search tree (insert/delete/traverse) and a trie of words with prefix queries.
import random

KEYS = 55000
WORDS = 50000


class BSTNode:
    __slots__ = ("key", "value", "left", "right")

    def __init__(self, key, value):
        self.key = key
        self.value = value
        self.left = None
        self.right = None


class BST:
    def __init__(self):
        self.root = None
        self.size = 0

    def insert(self, key, value):
        if self.root is None:
            self.root = BSTNode(key, value)
            self.size = 1
            return
        node = self.root
        while True:
            if key < node.key:
                if node.left is None:
                    node.left = BSTNode(key, value)
                    break
                node = node.left
            elif key > node.key:
                if node.right is None:
                    node.right = BSTNode(key, value)
                    break
                node = node.right
            else:
                node.value = value
                return
        self.size += 1

    def get(self, key, default=None):
        node = self.root
        while node is not None:
            if key < node.key:
                node = node.left
            elif key > node.key:
                node = node.right
            else:
                return node.value
        return default

    def __contains__(self, key):
        return self.get(key, self) is not self

    def delete(self, key):
        self.root, removed = self._delete(self.root, key)
        if removed:
            self.size -= 1
        return removed

    def _delete(self, node, key):
        if node is None:
            return None, False
        if key < node.key:
            node.left, removed = self._delete(node.left, key)
            return node, removed
        if key > node.key:
            node.right, removed = self._delete(node.right, key)
            return node, removed
        if node.left is None:
            return node.right, True
        if node.right is None:
            return node.left, True
        succ = node.right
        while succ.left is not None:
            succ = succ.left
        node.key, node.value = succ.key, succ.value
        node.right, _ = self._delete(node.right, succ.key)
        return node, True

    def items(self):
        stack = []
        node = self.root
        while stack or node is not None:
            while node is not None:
                stack.append(node)
                node = node.left
            node = stack.pop()
            yield node.key, node.value
            node = node.right

    def height(self, node="root"):
        if node == "root":
            node = self.root
        if node is None:
            return 0
        return 1 + max(self.height(node.left), self.height(node.right))

    def range_keys(self, lo, hi, node="root", out=None):
        if node == "root":
            node = self.root
            out = []
        if node is None:
            return out
        if lo < node.key:
            self.range_keys(lo, hi, node.left, out)
        if lo <= node.key <= hi:
            out.append(node.key)
        if node.key < hi:
            self.range_keys(lo, hi, node.right, out)
        return out


class TrieNode:
    __slots__ = ("children", "count", "terminal")

    def __init__(self):
        self.children = {}
        self.count = 0
        self.terminal = 0


class Trie:
    def __init__(self):
        self.root = TrieNode()

    def add(self, word):
        node = self.root
        node.count += 1
        for ch in word:
            nxt = node.children.get(ch)
            if nxt is None:
                nxt = node.children[ch] = TrieNode()
            node = nxt
            node.count += 1
        node.terminal += 1

    def _find(self, prefix):
        node = self.root
        for ch in prefix:
            node = node.children.get(ch)
            if node is None:
                return None
        return node

    def count_prefix(self, prefix):
        node = self._find(prefix)
        return 0 if node is None else node.count

    def words(self, prefix=""):
        node = self._find(prefix)
        if node is None:
            return
        stack = [(node, prefix)]
        while stack:
            node, text = stack.pop()
            if node.terminal:
                yield text
            for ch in sorted(node.children, reverse=True):
                stack.append((node.children[ch], text + ch))

    def longest_common_prefix(self):
        node = self.root
        out = []
        while len(node.children) == 1 and not node.terminal:
            (ch, node), = node.children.items()
            out.append(ch)
        return "".join(out)


def make_word(rng):
    syllables = ["ka", "lo", "mi", "ra", "ten", "su", "vo", "ne", "pri", "dal", "or", "in"]
    return "".join(rng.choice(syllables) for _ in range(rng.randint(1, 4)))


def main():
    rng = random.Random(1234)
    tree = BST()
    keys = ["k%05d" % rng.randrange(KEYS * 4) for _ in range(KEYS)]
    for i, k in enumerate(keys):
        tree.insert(k, i)
    hits = sum(1 for i in range(0, KEYS * 4, 3) if ("k%05d" % i) in tree)
    print("bst size", tree.size, "height", tree.height(), "hits", hits)
    removed = sum(1 for k in keys[::3] if tree.delete(k))
    print("deleted", removed, "size", tree.size, "height", tree.height())
    items = list(tree.items())
    ordered = all(items[i][0] < items[i + 1][0] for i in range(len(items) - 1))
    print("inorder", len(items), ordered, items[0], items[-1])
    rk = tree.range_keys("k01000", "k02000")
    print("range", len(rk), rk[:3], sum(tree.get(k) for k in rk))

    trie = Trie()
    words = [make_word(rng) for _ in range(WORDS)]
    for w in words:
        trie.add(w)
    distinct = list(trie.words())
    print("trie words", trie.root.count, "distinct", len(distinct), distinct[:3], distinct[-1])
    for p in ("ka", "pri", "mira", "zz", "dalor"):
        sample = list(trie.words(p))[:2]
        print(" prefix", p, trie.count_prefix(p), sample)
    t2 = Trie()
    for w in ("interact", "interval", "internal", "internet"):
        t2.add(w)
    print("lcp", t2.longest_common_prefix())


main()
