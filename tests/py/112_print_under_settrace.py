# print() under sys.settrace shows the tracer no frames of its own: CPython encodes
# stdout's UTF-8 in C (issue 12, item 15). Text files written with UTF-8 too.
import os
import sys
import tempfile

events = []


def tracer(frame, event, arg):
    events.append((event, frame.f_code.co_name))
    return tracer


def work():
    print('hello')
    print('wörld', 'ünïcode', sep=' | ')
    sys.stdout.write('direct\n')
    return 1


sys.settrace(tracer)
work()
sys.settrace(None)
print(events)

path = os.path.join(tempfile.mkdtemp(), 'out.txt')
events.clear()
sys.settrace(tracer)
with open(path, 'w', encoding='utf-8') as out:
    out.write('text ✓\n')
sys.settrace(None)
print([e for e in events if e[1] == 'encode'])
with open(path, encoding='utf-8') as f:
    print(f.read(), end='')

# The encoder still behaves as the codec's: errors handlers, final, keyword input.
import codecs
encoder = codecs.getincrementalencoder('utf-8')('surrogateescape')
print(encoder.encode('a\udcff'), encoder.encode(input='b', final=True))
strict = codecs.getincrementalencoder('utf-8')()
try:
    strict.encode('\udcff')
except UnicodeEncodeError as e:
    print('UnicodeEncodeError', e.reason)
print(type(strict).__name__, strict.errors)
