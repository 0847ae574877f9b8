# Exercises: string processing with split/join/format/f-strings, str methods, translate tables and word counting in dicts.
import random

PARAGRAPHS = 7000

WORDS = ("the quick brown fox jumps over lazy dog river mountain valley stone "
         "window garden silver market yellow orange purple level radar civic "
         "kayak noon python rust engine compiler token parser lambda closure").split()


def make_text(rng, paragraphs):
    paras = []
    for p in range(paragraphs):
        sentences = []
        for s in range(rng.randint(3, 7)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(4, 12))]
            words[0] = words[0].capitalize()
            sentences.append(" ".join(words) + rng.choice(".!?"))
        paras.append("  " + " ".join(sentences) + "  ")
    return "\n".join(paras)


def word_counts(text):
    counts = {}
    for line in text.splitlines():
        for word in line.strip().split():
            w = word.strip(".!?,").lower()
            counts[w] = counts.get(w, 0) + 1
    return counts


def rle(s):
    out = []
    i = 0
    n = len(s)
    while i < n:
        j = i
        while j < n and s[j] == s[i]:
            j += 1
        out.append("%d%s" % (j - i, s[i]))
        i = j
    return "".join(out)


def caesar_table(shift):
    lower = "abcdefghijklmnopqrstuvwxyz"
    upper = lower.upper()
    return str.maketrans(lower + upper,
                         lower[shift:] + lower[:shift] + upper[shift:] + upper[:shift])


def wrap(text, width):
    lines = []
    current = []
    length = 0
    for word in text.split():
        if length + len(word) + len(current) > width and current:
            lines.append(" ".join(current))
            current = []
            length = 0
        current.append(word)
        length += len(word)
    if current:
        lines.append(" ".join(current))
    return lines


def checksum(s):
    return "%d/%d/%d" % (len(s), s.count("e"), sum(map(ord, s[::97])))


def main():
    rng = random.Random(1234)
    text = make_text(rng, PARAGRAPHS)
    counts = word_counts(text)
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    print("chars", len(text), "distinct", len(counts))
    print("top", ", ".join(f"{w}={c}" for w, c in top))

    palins = sorted(w for w in counts if len(w) > 2 and w == w[::-1])
    print("palindromes", " ".join(palins))

    table = caesar_table(7)
    back = caesar_table(19)
    encoded = text.translate(table)
    assert encoded.translate(back) == text
    print("caesar", checksum(encoded), encoded[2:30].replace(" ", "_"))

    lines = []
    for para in text.split("\n"):
        for line in wrap(para, 60):
            lines.append(line.ljust(60, ".") + "|")
    print("wrapped", len(lines), checksum("\n".join(lines)))
    print(" ", lines[0])

    table_rows = []
    for i, (w, c) in enumerate(sorted(counts.items())):
        table_rows.append("{:>3} {:<10}|{:^7}|{:08.3f}|{!r}".format(i, w, c, c / 7, w.upper()[:3]))
    print("table", checksum("".join(table_rows)), table_rows[3])

    title = 0
    startq = 0
    vowels = 0
    for sentence in text.replace("!", ".").replace("?", ".").split("."):
        s = sentence.strip()
        if not s:
            continue
        if s.title() == s:
            title += 1
        if s.startswith(("The", "Quick")):
            startq += 1
        vowels += sum(s.count(v) for v in "aeiou")
    print("sentences title", title, "starts", startq, "vowels", vowels)

    squeezed = [rle("".join(sorted(w))) for w in text.split()[:30000]]
    print("rle", len(squeezed), sum(map(len, squeezed)), "|".join(squeezed[:6]))
    parts = text.partition("river")
    print("partition", len(parts[0]), parts[1], text.rfind("noon"), text.count("fox"))
    print("format %-6s|%6.2f|%x|%05d" % ("ok", 3.14159, 255, 42))


main()
