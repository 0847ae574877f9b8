"""Runs many generated fuzz programs in one interpreter process (python3 or pynum-run), so
that start-up is paid once per batch rather than once per program.

`driver.py LIST_FILE` reads one program path per line and, for each, imports the file as a
fresh module under a unique name (automatic mode transforms modules compiled from source
files, so imported programs are JIT-compiled exactly like scripts), with stdout captured.
After each program it writes one JSON line to the real stdout: the program's path, its
output and the last traceback line of an exception that escaped the module ("" when none).
Lines are flushed one by one so that the runner knows which program a crash or a hang hit.
"""
import importlib.util
import io
import json
import sys


def run_one(path, index):
    captured = io.StringIO()
    real_stdout = sys.stdout
    sys.stdout = captured
    escaped = ""
    try:
        spec = importlib.util.spec_from_file_location(f"fuzz_program_{index}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except BaseException as error:  # noqa: BLE001 - every escape is part of the outcome
        # The traceback's last line, as the interpreter would print it.
        message = str(error)
        escaped = type(error).__name__ + (": " + message if message else "")
    finally:
        sys.stdout = real_stdout
    return {"path": path, "stdout": captured.getvalue(), "exception": escaped}


def main():
    with open(sys.argv[1]) as listing:
        paths = [line.strip() for line in listing if line.strip()]
    for index, path in enumerate(paths):
        record = run_one(path, index)
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()


main()
