#!/usr/bin/env python3
"""Writes the benchmark inputs: small cache_entry records, or article records of about 200 KB."""
import json, random, sys

kind, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
words = "the quick brown fox jumps over lazy dogs while swift tools stream records through pipes".split()
out = sys.stdout
for i in range(count):
    if kind == "small":
        rec = {"kind": "cache_entry", "id": f"id{i:08d}", "title": " ".join(rng.choices(words, k=6)),
               "site": "example.org", "url": f"https://example.org/articles/{i}", "labels": ["swift", "unix"],
               "cached_at": "2026-11-21T03:04:05.123456Z", "bytes": rng.randrange(1000, 900000), "images": rng.randrange(0, 9)}
    else:
        paras = []
        size = 0
        while size < 200_000:
            p = "<p>" + " ".join(rng.choices(words, k=60)) + ' <img src="https://example.org/i/%d.png" alt="é"></p>\n' % size
            paras.append(p)
            size += len(p)
        rec = {"kind": "article", "id": f"bm{i:06d}", "fetched_at": "2026-11-22T03:04:05Z", "html": "".join(paras),
               "bookmark": {"id": f"bm{i:06d}", "title": "Article %d" % i, "url": f"https://example.org/a/{i}",
                            "site_name": "Example", "labels": ["a", "b"], "authors": None, "loaded": True,
                            "has_article": True, "word_count": 3000, "created": "2026-11-20T10:00:00.123456789Z",
                            "resources": {"image": {"src": "https://example.org/bm/x.jpg", "width": 1200, "height": 630}}}}
    out.write(json.dumps(rec, separators=(",", ":"), ensure_ascii=False) + "\n")
