# Dict-heavy records: rows as dicts, an index by key, grouping into dicts of lists, and
# a JSON-like nested summary, rebuilt each round.
import random

random.seed(12)
cities = ["Oslo", "Lima", "Pune", "Kyiv", "Turin", "Accra", "Perth", "Quito"]
summary = {}
for round_ in range(4):
    rows = [
        {"id": i, "name": "user%d" % i, "city": random.choice(cities), "score": random.random(), "tags": {"round": round_}}
        for i in range(150_000)
    ]
    by_id = {row["id"]: row for row in rows}
    by_city = {}
    for row in rows:
        by_city.setdefault(row["city"], []).append(row)
    summary = {
        city: {"count": len(group), "best": max(r["score"] for r in group)} for city, group in by_city.items()
    }
    del rows, by_id, by_city
print(sorted((city, s["count"]) for city, s in summary.items())[:3])
