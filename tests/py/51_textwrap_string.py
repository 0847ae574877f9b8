# textwrap (wrap, fill, dedent, indent, shorten) and the string module (constants, Template, capwords, Formatter).
import string
import textwrap

text = ("The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs. "
        "How vexingly quick daft zebras jump!")
print(textwrap.wrap(text, width=30))
print(textwrap.fill(text, width=40))
print(textwrap.fill(text, width=25, initial_indent="* ", subsequent_indent="  "))
print(textwrap.shorten(text, width=50), textwrap.shorten("short", width=20), textwrap.shorten(text, 30, placeholder=" [...]"))
block = """
    def hello():
        print("hi")
    # done
"""
print(repr(textwrap.dedent(block)))
print(textwrap.indent("line one\nline two\n\nline four", "> "))
print(textwrap.indent("a\nb\n", "+", predicate=lambda line: line.startswith("b")), end="")
print(textwrap.wrap("supercalifragilisticexpialidocious is long", width=10))
print(textwrap.wrap("supercalifragilisticexpialidocious", width=10, break_long_words=False))
wrapper = textwrap.TextWrapper(width=20, max_lines=2, placeholder="...")
print(wrapper.wrap(text))
print(string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase)
print(string.digits, string.hexdigits, string.octdigits, repr(string.whitespace))
print(string.punctuation, len(string.printable))
print(string.capwords("hello   wide world"), string.capwords("a-b c-d", "-"))
t = string.Template("$who likes ${what}s and pays $$$amount")
print(t.substitute(who="Tim", what="kiwi", amount=5))
print(t.safe_substitute(who="Ann"))
try:
    t.substitute(who="x")
except KeyError as e:
    print("missing placeholder:", e)
print(string.Template("$a$b").substitute({"a": 1}, b=2), t.get_identifiers())
fmt = string.Formatter()
print(fmt.format("{0}-{name}-{1:>4}", "x", 7, name="n"))
print([(lit, field, spec) for lit, field, spec, conv in fmt.parse("a{0}b{x:>3}c")])


class UpperFormatter(string.Formatter):
    def format_field(self, value, format_spec):
        return super().format_field(value, format_spec).upper()


print(UpperFormatter().format("{} and {:x}", "words", 255))
alphabet = string.ascii_lowercase
rot13 = str.maketrans(alphabet + alphabet.upper(), alphabet[13:] + alphabet[:13] + alphabet.upper()[13:] + alphabet.upper()[:13])
print("Hello, World!".translate(rot13), "Uryyb, Jbeyq!".translate(rot13))
print(sum(c in string.punctuation for c in text), "".join(c for c in "a1!b2?c3" if c in string.digits))
