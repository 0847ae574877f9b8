# os and os.path on fixed strings: join, split, splitext, normpath, relpath, commonpath.
import os
import os.path as osp

print(os.sep, os.curdir, os.pardir, os.extsep, repr(os.linesep), os.name == "posix")
paths = ["/usr/local/lib/python3.11/site.py", "relative/dir/file.tar.gz", "/", "file", ".hidden", "dir/", "a/b/../c/./d"]
for p in paths:
    print(repr(p), osp.split(p), osp.splitext(p), repr(osp.basename(p)), repr(osp.dirname(p)), osp.isabs(p))
print(osp.join("/home", "user", "docs", "a.txt"))
print(osp.join("a", "/abs", "b"), osp.join("a", ""), osp.join("", "b"), osp.join("x", "y/", "z"))
print(osp.normpath("/a//b/./c/../d/"), osp.normpath("../x/../../y"), osp.normpath("."), osp.normpath("a/.."))
print(osp.relpath("/a/b/c/d", "/a/b"), osp.relpath("/a/x", "/a/b/c"), osp.relpath("/a", "/a"))
print(osp.commonpath(["/usr/lib/x", "/usr/lib/y/z", "/usr/local"]), osp.commonprefix(["interview", "internet", "interval"]))
print(osp.splitext("archive.tar.gz"), osp.splitext(".bashrc"), osp.splitext("noext"), osp.splitext("a.b/c"))
print(osp.normcase("/Mixed/Case"), osp.splitdrive("/x/y"), osp.expandvars("no vars here"))
print(osp.isabs("/x"), osp.isabs("x/y"), osp.abspath("/a/b/../c"), osp.realpath("/") == "/")
print(os.fspath("plain/str"), os.fsencode("caf\u00e9"), os.fsdecode(b"bytes/path"))
print(osp.join(*["p", "q", "r"]), os.sep.join(["", "root", "leaf"]), "/".join(osp.split("/x/y")))
cwd = os.getcwd()
print(isinstance(cwd, str), osp.isabs(cwd), osp.isdir(cwd), osp.exists(cwd))
print(osp.exists("/definitely/not/a/real/path/xyz"), osp.isfile("/definitely/not/here"))
print(osp.basename(__file__), osp.splitext(osp.basename(__file__))[1])
print(callable(os.listdir), hasattr(os, "environ"), hasattr(os.path, "getsize"))
parts = []
p = "/one/two/three/four.txt"
while p not in ("/", ""):
    p, tail = osp.split(p)
    parts.append(tail)
print(list(reversed(parts)))
print(osp.join("base", *(f"part{i}" for i in range(3))), osp.normpath("a/b/c/../../../../d"))
