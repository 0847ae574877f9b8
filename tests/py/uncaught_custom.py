# An uncaught custom exception raised from another exception (raise ... from ...): exit status 1.


class DataError(Exception):
    def __init__(self, record_id, reason):
        super().__init__(f"could not load record {record_id}: {reason}")
        self.record_id = record_id


def fetch(records, record_id):
    return records[record_id]


def load(records, record_id):
    try:
        return fetch(records, record_id)
    except KeyError as exc:
        raise DataError(record_id, "missing key") from exc


records = {1: "one", 2: "two"}
print("loaded:", load(records, 1), load(records, 2))
try:
    load(records, 5)
except DataError as handled:
    print("handled once:", handled, "cause:", type(handled.__cause__).__name__)
print("now failing for real")
load(records, 7)
