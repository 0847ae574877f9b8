# Exercises: a text-adventure state machine: room graph objects, state classes, command parsing and inventory dicts.
import random

TURNS = 120000

MAP = {
    "hall": {"n": "library", "e": "kitchen", "s": "garden", "d": "cellar"},
    "library": {"s": "hall", "e": "study", "u": "attic"},
    "study": {"w": "library", "s": "kitchen"},
    "kitchen": {"w": "hall", "n": "study", "d": "pantry"},
    "pantry": {"u": "kitchen"},
    "garden": {"n": "hall", "e": "shed", "w": "pond"},
    "shed": {"w": "garden"},
    "pond": {"e": "garden"},
    "cellar": {"u": "hall", "e": "tunnel"},
    "tunnel": {"w": "cellar", "e": "vault"},
    "vault": {"w": "tunnel"},
    "attic": {"d": "library"},
}

ITEMS = {
    "library": ["book", "candle"],
    "study": ["key"],
    "kitchen": ["knife", "bread"],
    "pantry": ["apple", "apple", "cheese"],
    "shed": ["lamp", "rope"],
    "pond": ["coin"],
    "attic": ["map", "coin"],
    "vault": ["gold"],
}

MONSTERS = {"cellar": ("rat", 3), "tunnel": ("bat", 9), "attic": ("ghost", 14), "pond": ("frog", 2)}

DIRECTIONS = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down"}
ALIASES = {"north": "n", "south": "s", "east": "e", "west": "w", "up": "u", "down": "d"}


class Room:
    def __init__(self, name):
        self.name = name
        self.exits = {}
        self.items = []
        self.monster = None
        self.visits = 0

    def describe(self):
        parts = ["You are in the %s." % self.name]
        if self.items:
            parts.append("You see: %s." % ", ".join(sorted(self.items)))
        if self.monster is not None:
            parts.append("A %s blocks the way!" % self.monster.name)
        parts.append("Exits: %s." % " ".join(DIRECTIONS[d] for d in sorted(self.exits)))
        return " ".join(parts)


class Monster:
    def __init__(self, name, health):
        self.name = name
        self.health = health
        self.max_health = health

    def hit(self, damage):
        self.health -= damage
        return self.health <= 0


class Player:
    def __init__(self, room):
        self.room = room
        self.inventory = {}
        self.health = 20
        self.score = 0
        self.moves = 0
        self.deaths = 0

    def carry(self, item):
        self.inventory[item] = self.inventory.get(item, 0) + 1

    def drop(self, item):
        n = self.inventory.get(item, 0)
        if n <= 1:
            self.inventory.pop(item, None)
        else:
            self.inventory[item] = n - 1


class State:
    name = "state"

    def __init__(self, game):
        self.game = game

    def handle(self, verb, noun):
        method = getattr(self, "do_" + verb, None)
        if method is None:
            return self.unknown(verb, noun)
        return method(noun)

    def unknown(self, verb, noun):
        self.game.say("I don't know how to %s here." % verb)
        return self


class Exploring(State):
    name = "exploring"

    def do_go(self, noun):
        d = ALIASES.get(noun, noun)
        room = self.game.player.room
        if d not in room.exits:
            self.game.say("You can't go that way.")
            return self
        if d == "e" and room.name == "tunnel" and "key" not in self.game.player.inventory:
            self.game.say("The vault is locked.")
            return self
        return self.game.enter(room.exits[d])

    def do_take(self, noun):
        room = self.game.player.room
        if noun in room.items:
            room.items.remove(noun)
            self.game.player.carry(noun)
            self.game.player.score += 10 if noun in ("gold", "coin") else 1
            self.game.say("Taken: %s." % noun)
        else:
            self.game.say("No %s here." % noun)
        return self

    def do_drop(self, noun):
        player = self.game.player
        if noun in player.inventory:
            player.drop(noun)
            player.room.items.append(noun)
            self.game.say("Dropped %s." % noun)
        return self

    def do_eat(self, noun):
        player = self.game.player
        if noun in ("bread", "apple", "cheese") and noun in player.inventory:
            player.drop(noun)
            player.health = min(20, player.health + 4)
            self.game.say("Yum.")
        else:
            self.game.say("You can't eat that.")
        return self

    def do_look(self, noun):
        self.game.say(self.game.player.room.describe())
        return self


class Fighting(State):
    name = "fighting"

    def do_attack(self, noun):
        game = self.game
        monster = game.player.room.monster
        damage = 3 if "knife" in game.player.inventory else 1
        if monster.hit(damage):
            game.say("The %s is defeated." % monster.name)
            game.player.score += monster.max_health * 5
            game.player.room.monster = None
            game.kills += 1
            return Exploring(game)
        game.player.health -= game.rng.randint(1, 7)
        if game.player.health <= 0:
            return Dead(game)
        return self

    def do_flee(self, noun):
        game = self.game
        room = game.player.room
        back = sorted(room.exits)[game.rng.randrange(len(room.exits))]
        game.say("You flee %s." % DIRECTIONS[back])
        return game.enter(room.exits[back], fleeing=True)

    def do_eat(self, noun):
        return Exploring.do_eat(self, noun)


class Dead(State):
    name = "dead"

    def handle(self, verb, noun):
        game = self.game
        game.player.deaths += 1
        game.player.health = 20
        game.player.inventory.clear()
        game.say("You wake up in the hall.")
        return game.enter("hall")


class Game:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.rooms = {name: Room(name) for name in MAP}
        for name, exits in MAP.items():
            self.rooms[name].exits = dict(exits)
        self.player = Player(self.rooms["hall"])
        self.state = Exploring(self)
        self.messages = 0
        self.message_chars = 0
        self.kills = 0
        self.transitions = {}
        self.restock()

    def restock(self):
        for name, items in ITEMS.items():
            room = self.rooms[name]
            for it in items:
                if room.items.count(it) < 2:
                    room.items.append(it)
        for name, (mname, hp) in MONSTERS.items():
            if self.rooms[name].monster is None:
                self.rooms[name].monster = Monster(mname, hp)

    def say(self, text):
        self.messages += 1
        self.message_chars += len(text)

    def enter(self, name, fleeing=False):
        room = self.rooms[name]
        self.player.room = room
        self.player.moves += 1
        room.visits += 1
        self.say(room.describe())
        if room.monster is not None and not fleeing:
            return Fighting(self)
        return Exploring(self)

    def command(self, line):
        words = line.lower().split()
        if not words:
            return
        verb = words[0]
        noun = " ".join(words[1:])
        before = self.state.name
        self.state = self.state.handle(verb, noun)
        key = before + "->" + self.state.name
        self.transitions[key] = self.transitions.get(key, 0) + 1

    def random_command(self):
        r = self.rng.random()
        room = self.player.room
        if self.state.name == "fighting":
            return "attack" if r < 0.8 else ("flee" if r < 0.95 else "eat bread")
        if r < 0.45:
            return "go " + DIRECTIONS[self.rng.choice(sorted(room.exits))]
        if r < 0.7 and room.items:
            return "take " + self.rng.choice(sorted(room.items))
        if r < 0.75 and self.player.inventory:
            return "drop " + self.rng.choice(sorted(self.player.inventory))
        if r < 0.85:
            return "eat " + self.rng.choice(["apple", "bread", "cheese", "rope"])
        if r < 0.97:
            return "look"
        return "dance"


def main():
    game = Game(1234)
    for turn in range(TURNS):
        game.command(game.random_command())
        if turn % 500 == 499:
            game.restock()
    p = game.player
    print("score", p.score, "moves", p.moves, "deaths", p.deaths, "kills", game.kills, "health", p.health)
    print("messages", game.messages, "chars", game.message_chars)
    print("inventory", sorted(p.inventory.items()))
    print("visits", sorted((r.visits, n) for n, r in game.rooms.items())[-4:])
    print("transitions", sorted(game.transitions.items()))
    print("where", p.room.describe())


main()
