# An uncaught ValueError raised a few calls deep: traceback on stderr, exit status 1.


def parse(text):
    value = int(text)
    if value == 42:
        raise ValueError(f"bad value {value}")
    return value


def process(items):
    results = []
    for item in items:
        print("processing", item)
        results.append(parse(item))
    return results


def main():
    print("start")
    print("ok results:", process(["1", "2", "3"]))
    process(["7", "42", "9"])
    print("never printed")


main()
