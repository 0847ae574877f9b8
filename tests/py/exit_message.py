# sys.exit with a string: the message goes to stderr and the exit status is 1.
import sys


def validate(config):
    problems = []
    for key in ("name", "retries", "timeout"):
        if key not in config:
            problems.append(f"missing {key}")
    return problems


config = {"name": "demo", "retries": 3}
for key, value in config.items():
    print(f"{key} = {value}")
try:
    raise SystemExit(0)
except SystemExit as e:
    print("caught SystemExit with code", e.code)
problems = validate(config)
print("problems:", problems)
if problems:
    print("about to fail")
    sys.exit("fatal: bad thing")
print("never printed")
