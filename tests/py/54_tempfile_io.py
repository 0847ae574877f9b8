# File I/O inside a TemporaryDirectory: write/read text and bytes, append, lines, seek/tell, pathlib.
import os
import pathlib
import tempfile

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "notes.txt")
    with open(path, "w", encoding="utf-8") as f:
        written = f.write("first line\nsecond line\n")
        f.writelines(["third\n", "fourth\n"])
    print("chars written:", written)
    with open(path, encoding="utf-8") as f:
        print(repr(f.read()))
    with open(path, "a", encoding="utf-8") as f:
        print("appended line", file=f)
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    print(len(lines), [line.rstrip("\n") for line in lines])
    with open(path, encoding="utf-8") as f:
        print(repr(f.readline()), repr(f.readline()), [len(line) for line in f])
    print("size:", os.path.getsize(path), os.path.exists(path), os.path.isfile(path))

    bin_path = os.path.join(tmp, "data.bin")
    with open(bin_path, "wb") as f:
        f.write(bytes(range(16)))
        f.write(b"\xff" * 4)
    with open(bin_path, "rb") as f:
        print(f.read(4), f.tell())
        f.seek(10)
        print(f.read(3), f.tell())
        f.seek(-2, os.SEEK_END)
        print(f.read(), f.tell())
        f.seek(0)
        print(len(f.read()))
    with open(bin_path, "r+b") as f:
        f.seek(1)
        f.write(b"AB")
    with open(bin_path, "rb") as f:
        print(f.read(5))

    p = pathlib.Path(tmp) / "sub" / "poem.txt"
    p.parent.mkdir()
    p.write_text("roses are red\nviolets are blue\n", encoding="utf-8")
    print(p.read_text(encoding="utf-8").upper(), end="")
    print(p.name, p.stem, p.suffix, p.parent.name, p.exists(), p.is_file(), p.parent.is_dir())
    uni = pathlib.Path(tmp) / "unicode.txt"
    uni.write_text("naïve café ☕\n", encoding="utf-8")
    print(uni.read_bytes(), uni.stat().st_size, len(uni.read_text(encoding="utf-8")))
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if "line" in line:
                print(number, line.strip())
    os.remove(path)
    print("after remove:", os.path.exists(path))
    try:
        open(path, encoding="utf-8")
    except FileNotFoundError as e:
        print("FileNotFoundError", e.errno == 2, isinstance(e, OSError))
    with tempfile.NamedTemporaryFile("w+", dir=tmp, suffix=".tmp", delete=False, encoding="utf-8") as nt:
        nt.write("temporary contents")
        nt.seek(0)
        print(nt.read(), nt.name.endswith(".tmp"))
print("directory cleaned up:", not os.path.exists(tmp))
