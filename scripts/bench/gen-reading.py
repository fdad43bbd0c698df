#!/usr/bin/env python3
"""Inputs for scripts/bench/reading-record: a library and a year of reading.

  gen-reading.py articles COUNT DIR    DIR/articles.ndjson: COUNT small "article" records
  gen-reading.py year STORE DAYS       a year (DAYS) of reading steps written into STORE's
                                       reading record, as rk-cache would have recorded them
  gen-reading.py candidates COUNT DIR  DIR/candidates.ndjson: COUNT unread "bookmark" records
                                       not in the store, for rk-cache suggest

Labels, sites and authors come from pools the size a real library has (40 labels, 150 sites, 300
authors), each article with 1-3 labels and 1-2 authors. Seeded: every run sees the same library.
"""
import json, random, sqlite3, sys, time

SEED = 41
LABELS = [f"label{i:02d}" for i in range(40)]
SITES = [f"site{i:03d}.example" for i in range(150)]
AUTHORS = [f"Author {i:03d}" for i in range(300)]


def bookmark(rng, bid, created):
    return {
        "id": bid, "title": f"Article {bid}", "url": f"https://{rng.choice(SITES)}/{bid}",
        "site": rng.choice(SITES), "site_name": "Site", "labels": rng.sample(LABELS, rng.randint(1, 3)),
        "authors": rng.sample(AUTHORS, rng.randint(1, 2)), "reading_time": rng.randint(2, 40),
        "read_progress": 0, "is_archived": False, "has_article": True, "type": "article",
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(created)),
    }


def articles(count, folder):
    rng = random.Random(SEED)
    now = time.time()
    with open(f"{folder}/articles.ndjson", "w") as out:
        for i in range(count):
            bid = f"art{i:05d}"
            body = "<p>" + " ".join(rng.choice(["reading", "offline", "store", "words"]) for _ in range(300)) + "</p>"
            record = {"kind": "article", "id": bid, "bookmark": bookmark(rng, bid, now - i * 3600), "html": body,
                      "fetched_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))}
            out.write(json.dumps(record) + "\n")


def year(store, days):
    """Three steps for most articles, each a rise of progress on a random day of the year, offline or
    online; reading_article's progress is left at the last one, as the store would have it."""
    rng = random.Random(SEED + 1)
    db = sqlite3.connect(store)
    rows = db.execute("SELECT id, minutes FROM reading_article").fetchall()
    now = time.time()
    steps = []
    for bid, minutes in rows:
        if rng.random() < 0.1:
            continue
        progress, at = 0, now - rng.uniform(0, days * 86400)
        for _ in range(3):
            rise = rng.randint(10, 40)
            new = min(100, progress + rise)
            if new == progress:
                break
            side = rng.choice(["offline", "online"])
            steps.append((bid, at, side, progress, new, minutes * (new - progress) / 100))
            progress, at = new, min(now, at + rng.uniform(600, 5 * 86400))
        db.execute("UPDATE reading_article SET progress = ? WHERE id = ?", (progress, bid))
    db.executemany(
        "INSERT INTO reading_step (bookmark_id, at, side, from_progress, to_progress, minutes) VALUES (?, ?, ?, ?, ?, ?)",
        steps)
    db.commit()
    print(len(steps))


def candidates(count, folder):
    rng = random.Random(SEED + 2)
    now = time.time()
    with open(f"{folder}/candidates.ndjson", "w") as out:
        for i in range(count):
            bid = f"new{i:05d}"
            record = {"kind": "bookmark", "id": bid, "bookmark": bookmark(rng, bid, now - i * 600),
                      "fetched_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))}
            out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "articles":
        articles(int(sys.argv[2]), sys.argv[3])
    elif what == "year":
        year(sys.argv[2], int(sys.argv[3]))
    elif what == "candidates":
        candidates(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(__doc__)
