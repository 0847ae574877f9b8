# Exercises: a Go-like board with point objects, neighbour lists, flood-filled groups, captures and seeded random playouts.
import random

SIZE = 9
GAMES = 70

EMPTY, BLACK, WHITE = 0, 1, 2
NAMES = {EMPTY: ".", BLACK: "X", WHITE: "O"}


class Point:
    __slots__ = ("board", "index", "row", "col", "color", "neighbours")

    def __init__(self, board, index, row, col):
        self.board = board
        self.index = index
        self.row = row
        self.col = col
        self.color = EMPTY
        self.neighbours = []

    def __repr__(self):
        return "%s%d" % ("ABCDEFGHJKLMNOPQRST"[self.col], self.row + 1)


class Group:
    __slots__ = ("color", "stones", "liberties")

    def __init__(self, color):
        self.color = color
        self.stones = []
        self.liberties = set()


class Board:
    def __init__(self, size):
        self.size = size
        self.points = []
        for r in range(size):
            for c in range(size):
                self.points.append(Point(self, r * size + c, r, c))
        for p in self.points:
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                r, c = p.row + dr, p.col + dc
                if 0 <= r < size and 0 <= c < size:
                    p.neighbours.append(self.points[r * size + c])
        self.to_move = BLACK
        self.ko = None
        self.captured = {BLACK: 0, WHITE: 0}
        self.passes = 0
        self.history = []

    def group_at(self, point):
        group = Group(point.color)
        seen = {point.index}
        stack = [point]
        while stack:
            p = stack.pop()
            group.stones.append(p)
            for n in p.neighbours:
                if n.color == EMPTY:
                    group.liberties.add(n.index)
                elif n.color == point.color and n.index not in seen:
                    seen.add(n.index)
                    stack.append(n)
        return group

    def legal(self, point, color):
        if point.color != EMPTY or point is self.ko:
            return False
        for n in point.neighbours:
            if n.color == EMPTY:
                return True
        other = WHITE if color == BLACK else BLACK
        point.color = color
        try:
            for n in point.neighbours:
                if n.color == other and len(self.group_at(n).liberties) == 0:
                    return True
            return len(self.group_at(point).liberties) > 0
        finally:
            point.color = EMPTY

    def is_eye(self, point, color):
        for n in point.neighbours:
            if n.color != color:
                return False
        return True

    def play(self, point):
        color = self.to_move
        other = WHITE if color == BLACK else BLACK
        point.color = color
        removed = []
        for n in point.neighbours:
            if n.color == other:
                g = self.group_at(n)
                if not g.liberties:
                    for s in g.stones:
                        s.color = EMPTY
                        removed.append(s)
        self.captured[color] += len(removed)
        self.ko = removed[0] if len(removed) == 1 and len(self.group_at(point).stones) == 1 else None
        self.history.append(point.index)
        self.passes = 0
        self.to_move = other

    def pass_move(self):
        self.passes += 1
        self.ko = None
        self.history.append(-1)
        self.to_move = WHITE if self.to_move == BLACK else BLACK

    def score(self):
        counts = {BLACK: 0, WHITE: 0}
        seen = set()
        for p in self.points:
            if p.color != EMPTY:
                counts[p.color] += 1
            elif p.index not in seen:
                region = []
                borders = set()
                stack = [p]
                seen.add(p.index)
                while stack:
                    q = stack.pop()
                    region.append(q)
                    for n in q.neighbours:
                        if n.color == EMPTY:
                            if n.index not in seen:
                                seen.add(n.index)
                                stack.append(n)
                        else:
                            borders.add(n.color)
                if len(borders) == 1:
                    counts[borders.pop()] += len(region)
        return counts

    def render(self):
        rows = []
        for r in range(self.size - 1, -1, -1):
            rows.append("".join(NAMES[self.points[r * self.size + c].color] for c in range(self.size)))
        return rows


def playout(board, rng, max_moves):
    while board.passes < 2 and len(board.history) < max_moves:
        color = board.to_move
        candidates = [p for p in board.points if p.color == EMPTY]
        rng.shuffle(candidates)
        for p in candidates:
            if not board.is_eye(p, color) and board.legal(p, color):
                board.play(p)
                break
        else:
            board.pass_move()


def main():
    rng = random.Random(1234)
    wins = {BLACK: 0, WHITE: 0}
    total_moves = total_caps = 0
    last = None
    for g in range(GAMES):
        board = Board(SIZE)
        playout(board, rng, SIZE * SIZE * 3)
        s = board.score()
        winner = BLACK if s[BLACK] > s[WHITE] + 6 else WHITE
        wins[winner] += 1
        total_moves += len(board.history)
        total_caps += board.captured[BLACK] + board.captured[WHITE]
        last = board
    print("games", GAMES, "black wins", wins[BLACK], "white wins", wins[WHITE])
    print("moves", total_moves, "captures", total_caps)
    print("last score", sorted(last.score().items()), "first moves", [last.points[i] for i in last.history[:5]])
    for row in last.render():
        print(" ", row)


main()
