# re module: search/match/fullmatch, groups, named groups, findall/finditer, sub with functions, split, flags.
import re

text = "Contact: alice@example.com, bob.smith@mail.org; carol@test.co.uk (2024-03-15, 1999-12-31)"
emails = re.findall(r"[\w.]+@[\w.]+\w", text)
print(emails)
dates = re.findall(r"(\d{4})-(\d{2})-(\d{2})", text)
print(dates)
for m in re.finditer(r"(?P<user>[\w.]+)@(?P<domain>[\w.]+\w)", text):
    print(m.group("user"), m.group("domain"), m.span(), m.start("domain"), m.groupdict())
m = re.search(r"(\d+)-(\d+)-(\d+)", text)
print(m.group(0), m.group(1, 3), m.groups(), m.lastindex, m.end())
print(re.match(r"Contact", text) is not None, re.match(r"alice", text), re.fullmatch(r"\d+", "12345") is not None)
print(re.sub(r"\d", "#", "a1b22c333"), re.sub(r"(\w+)@(\w+)", r"\2 at \1", "me@home you@work"))
print(re.sub(r"\d+", lambda mo: str(int(mo.group()) * 2), "3 apples and 12 pears"))
print(re.subn(r"o", "0", "foo boo zoo"), re.sub(r"x*", "-", "abc"))
print(re.split(r"[,;]\s*", "a, b;c,   d"), re.split(r"(\d)", "a1b2c"), re.split(r"\s+", "  lead and trail  "))
print(re.split(r",", "a,b,c,d", maxsplit=2))
pattern = re.compile(r"^(?P<key>\w+)\s*=\s*(?P<value>.*?)\s*$", re.MULTILINE)
config = """name = demo
 bad line
version= 1.2.3
debug =true   """
print([(m["key"], m["value"]) for m in pattern.finditer(config)])
print(re.findall(r"^\w", "one\ntwo\nthree", re.M), re.findall(r"a.c", "a\nc abc", re.S))
print(re.findall(r"hello", "Hello HELLO hello", re.IGNORECASE))
verbose = re.compile(r"""
    (\d{3})   # area
    [-.\s]?
    (\d{4})   # number
""", re.VERBOSE)
print(verbose.findall("555-1234 555.9876 5551111"))
print(re.findall(r"\b\w+\b", "it's a dog-eat-dog world"), re.findall(r"(?<=\$)\d+", "cost $40 or $7"))
print(re.findall(r"\d+(?=px)", "10px 20em 30px"), re.findall(r"(?:ab)+", "ababab ab abab"))
print(re.findall(r"<.*>", "<a><b>"), re.findall(r"<.*?>", "<a><b>"), re.findall(r"(a|b)(c)?", "acb"))
print(re.escape("1+1=2? [yes]"), bool(re.search(re.escape("a.b"), "axb")), bool(re.search("a.b", "axb")))
print(re.sub(r"(?P<first>\w+) (?P<last>\w+)", r"\g<last>, \g<first>", "Ada Lovelace"))
print(re.findall(r"[A-Z][a-z]+", "HelloWorldFooBar"), re.sub(r"(?<!^)(?=[A-Z])", "_", "camelCaseName").lower())
m = re.match(r"(\w+) (\w+)?", "single ")
print(m.groups(), m.groups("default"), m.group(2))
words = re.compile(r"\w+")
print(words.pattern, words.flags & re.UNICODE != 0, words.groups, len(words.findall("one two three")))
print(re.search(r"(\d+)", "no digits"), re.findall(r"\d", ""), re.findall(r"", "ab"))
print(re.sub(r"\s+", " ", "  lots   of\t\twhite\nspace ").strip())
try:
    re.compile(r"(unclosed")
except re.error as e:
    print("re.error", isinstance(e, re.error), e.pos)
