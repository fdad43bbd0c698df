#!/usr/bin/env python3
"""Inputs for scripts/bench/store, the same articles twice.

  gen-articles.py data COUNT DIR   DIR/articles.ndjson: "article" records for rk-cache store;
                                   DIR/peer.sql: the rows rk-cache would write, as SQL for sqlite3
  gen-articles.py queries N COUNT  N FTS5 queries a reader might type on those articles

The articles are prose HTML of about 100 KB (headings, paragraphs, lists, quotes, links,
entities, non-ASCII words); some carry small PNGs of their own as data: URLs, some one of a few
images many articles share. Each is about one of COUNT/25 topics, whose own words and phrases
(rare in the whole, frequent in its ~25 articles, as with real prose) fill a few of its paragraphs
and its title. Everything is seeded, so every run and both modes see the same words.

The SQL does what rk-cache store does inside SQLite, with the work outside SQLite done here:
images moved into blobs under their SHA-256 (rk-blob:<sha> left in the HTML), the visible text
for the full-text index, the bookmark as canonical JSON. That makes it SQLite's own loading speed,
the floor rk-cache is measured against.
"""
import base64, hashlib, html as htmllib, json, os, random, re, struct, sys, time, zlib

SEED = 42
COMMON = """the of and to a in is that for it as was with be by on not he this are or his from at
which but have an they you were her she there been one all we their has would when if so no what
can more about time them some could into only other new people than first also its after over
years two way may most these many where those well should even because through any much before
work use must being world under still between life never same another while last might great
since against right three long part small does place without again number however around home
system data code server swift language memory thread actor process file network cache request
reader article search index query store build test compiler type value function error result
performance design model library stream record pipe shell unix offline sync image page browser
""".split()
ACCENTED = "café naïve résumé über straße façade déjà coöperate señor smörgåsbord".split()
SYLLABLES = "ka ro mi te lu sa ne vo pi da re ko ma li tu be ga no ri se fa mo zi la po ven tor gal mer".split()
TOPIC_SYLLABLES = "bry zon quel thar vix dru plen skor wyn fen ost glim hask jor".split()  # none in SYLLABLES


def vocabulary(rng):
    """Common words first, then made-up words; drawn with Zipf weights like real prose."""
    words = COMMON + ACCENTED
    seen = set(words)
    while len(words) < 20000:
        w = "".join(rng.choices(SYLLABLES, k=rng.randint(2, 4)))
        if w not in seen:
            seen.add(w)
            words.append(w)
    cumulative, total = [], 0.0
    for rank in range(len(words)):
        total += 1.0 / (rank + 1)
        cumulative.append(total)
    return words, cumulative


def sentences(rng, words, cumulative, n=40000):
    out = []
    for _ in range(n):
        ws = rng.choices(words, cum_weights=cumulative, k=rng.randint(6, 24))
        ws[0] = ws[0].capitalize()
        out.append(" ".join(ws) + rng.choice([".", ".", ".", "?", "!", ";"]))
    return out


def setup():
    rng = random.Random(SEED)
    words, cumulative = vocabulary(rng)
    pool = sentences(rng, words, cumulative)
    return rng, words, cumulative, pool


def topics(count):
    """COUNT/25 topics, each with words no other topic uses and phrases of one of them and a common
    word. Their own generator, so that the articles' and the queries' agree for any COUNT."""
    rng = random.Random(SEED + 2)
    seen, out = set(), []
    for _ in range(max(4, count // 25)):
        own = []
        while len(own) < 6:
            w = "".join(rng.choices(TOPIC_SYLLABLES, k=rng.randint(3, 4)))
            if w not in seen:
                seen.add(w)
                own.append(w)
        out.append((own, [f"{rng.choice(own)} {rng.choice(COMMON[100:])}" for _ in range(4)]))
    return out


def topical(rng, words, cumulative, topic):
    """A sentence of common prose with the topic's words and, more often than not, a phrase."""
    own, phrases = topic
    ws = rng.choices(words, cum_weights=cumulative, k=rng.randint(8, 20))
    for w in rng.sample(own, 2):
        ws.insert(rng.randrange(len(ws)), w)
    if rng.random() < 0.6:
        ws.insert(rng.randrange(len(ws)), rng.choice(phrases))
    return " ".join(ws).capitalize() + "."


def png(rng, side):
    """A valid PNG of noise (so it barely compresses and every one differs)."""
    raw = b"".join(b"\x00" + rng.randbytes(side * 3) for _ in range(side))
    chunk = lambda tag, data: struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))


def inline(rng, sentence, words):
    """Some markup and entities inside a sentence, as article HTML has."""
    r = rng.random()
    if r < 0.15:
        w = rng.choice(words[:400])
        return sentence.replace(" ", f' <a href="https://example.org/wiki/{w}">{w}</a> ', 1)
    if r < 0.25:
        return "<em>" + sentence + "</em>"
    if r < 0.30:
        return sentence.replace(" ", " &amp; ", 1)
    if r < 0.35:
        return "&ldquo;" + sentence + "&rdquo;"
    if r < 0.40:
        return "<strong>" + sentence + "</strong>"
    return sentence


def blocks(rng, pool, words, n=30000):
    """Headings, paragraphs, lists and quotes; articles are drawn from these so that making
    a gigabyte of HTML takes seconds, while the words still follow the vocabulary's curve."""
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            out.append(f"<h2>{' '.join(rng.choice(pool).split()[:6]).rstrip('.?!;')}</h2>\n")
        elif r < 0.14:
            out.append("<ul>" + "".join(f"<li>{rng.choice(pool)}</li>" for _ in range(rng.randint(2, 6))) + "</ul>\n")
        elif r < 0.18:
            out.append(f"<blockquote><p>{rng.choice(pool)} {rng.choice(pool)}</p></blockquote>\n")
        else:
            out.append("<p>" + " ".join(inline(rng, rng.choice(pool), words) for _ in range(rng.randint(3, 9))) + "</p>\n")
    return out


def article_html(rng, pool, blocks, target, images, own):
    """Prose HTML of about `target` bytes with `images` (data: URLs) in figures and `own`
    paragraphs (the topic's) along the way."""
    parts, size = [], 0
    own_at = sorted(rng.randrange(target) for _ in own)
    # Where each figure goes, as a byte offset; all are below target, so the loop places them all.
    placed = sorted(zip((rng.randrange(target) for _ in images), images))
    while size < target:
        block = rng.choice(blocks)
        parts.append(block)
        size += len(block)
        while own_at and own_at[0] <= size:
            own_at.pop(0)
            parts.append(own.pop())
        while placed and placed[0][0] <= size:
            parts.append(f'<figure><img src="{placed.pop(0)[1]}" alt="">'
                         f"<figcaption>{rng.choice(pool)}</figcaption></figure>\n")
    return "".join(parts)


DATA_URL = re.compile(r"data:image/png;base64,([A-Za-z0-9+/=]+)")
TAG = re.compile(r"<[^>]*>")


def sql_text(s):
    return "'" + s.replace("'", "''") + "'"


def data(count, folder):
    rng, words, cumulative, pool = setup()
    paragraphs = blocks(rng, pool, words)
    shared = [png(rng, rng.randint(12, 24)) for _ in range(20)]  # site logos, icons
    ndjson = open(os.path.join(folder, "articles.ndjson"), "w", encoding="utf-8")
    sql = open(os.path.join(folder, "peer.sql"), "w", encoding="utf-8")
    # The file already has the schema and WAL (it is a copy of an empty rk-cache store); the
    # connection gets what rk-cache's gets: foreign keys on, and GRDB's synchronous = NORMAL.
    sql.write("PRAGMA foreign_keys = ON;\nPRAGMA synchronous = NORMAL;\nBEGIN;\n")
    sites = [("Example", "example.org"), ("The Register", "www.theregister.com"), ("LWN.net", "lwn.net"),
             ("Swift Forums", "forums.swift.org"), ("Le Monde", "www.lemonde.fr"), ("Heise", "www.heise.de")]
    labels_pool = ["swift", "unix", "reading", "later", "work", "linux", "databases", "café"]
    now = time.time()
    subjects = topics(count)
    for i in range(count):
        topic = rng.choice(subjects)
        own = [f"<h2>{' '.join(rng.sample(topic[0], 2)).capitalize()}</h2>\n"] + [
            "<p>" + " ".join(topical(rng, words, cumulative, topic) for _ in range(5)) + "</p>\n" for _ in range(4)]
        images = []
        if rng.random() < 0.3:  # a few small images of its own
            images += [png(rng, rng.randint(16, 40)) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.4:  # one the site uses everywhere
            images.append(rng.choice(shared))
        urls = ["data:image/png;base64," + base64.b64encode(b).decode() for b in images]
        body = article_html(rng, pool, paragraphs, rng.randint(90_000, 110_000), urls, own)
        site, host = rng.choice(sites)
        bid = f"bm{i:08d}x{rng.getrandbits(48):012x}"
        bookmark = {
            "id": bid, "href": f"https://{host}/api/bookmarks/{bid}", "title": topical(rng, words[:300], None, topic)[:-1][:90],
            "url": f"https://{host}/articles/{i}/{rng.choice(words[:400])}", "site_name": site, "site": host,
            "labels": rng.sample(labels_pool, rng.randint(0, 3)), "authors": [rng.choice(words[300:]).capitalize()],
            "lang": "en", "word_count": len(body) // 7, "reading_time": len(body) // 1500, "loaded": True,
            "has_article": True, "is_archived": False, "is_marked": False,
            "created": "2026-11-20T10:00:00.123456789Z", "updated": "2026-11-20T10:00:01Z",
        }
        ndjson.write(json.dumps({"kind": "article", "id": bid, "bookmark": bookmark, "html": body,
                                 "fetched_at": "2026-11-22T03:04:05Z"}, separators=(",", ":"), ensure_ascii=False) + "\n")

        # The same article as rk-cache stores it.
        blobs = {}
        def to_blob(match):
            payload = base64.b64decode(match.group(1))
            sha = hashlib.sha256(payload).hexdigest()
            blobs[sha] = payload
            return "rk-blob:" + sha
        stored = DATA_URL.sub(to_blob, body)
        text = " ".join(htmllib.unescape(TAG.sub(" ", body)).split())
        labels = bookmark["labels"]
        canonical = lambda v: json.dumps(v, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
        size = len(stored.encode()) + sum(len(b) for b in blobs.values())
        sql.write("INSERT INTO article (id, bookmark, html, title, site, url, labels, image_urls, cached_at, bytes, image_count) "
                  f"VALUES ({sql_text(bid)}, {sql_text(canonical(bookmark))}, {sql_text(stored)}, "
                  f"{sql_text(bookmark['title'])}, {sql_text(site)}, {sql_text(bookmark['url'])}, "
                  f"{sql_text(canonical(labels))}, '[]', {now + i / 1000:.3f}, {size}, {len(blobs)});\n")
        for sha, payload in blobs.items():
            sql.write(f"INSERT INTO blob (sha256, mime, data, refs) VALUES ('{sha}', 'image/png', X'{payload.hex()}', 1) "
                      "ON CONFLICT(sha256) DO UPDATE SET refs = refs + 1;\n"
                      f"INSERT INTO article_blob (article_id, sha256) VALUES ({sql_text(bid)}, '{sha}');\n")
        sql.write("INSERT INTO article_fts (rowid, title, site, url, labels, body) VALUES ((SELECT rowid FROM article WHERE id = "
                  f"{sql_text(bid)}), {sql_text(bookmark['title'])}, {sql_text(site)}, {sql_text(bookmark['url'])}, "
                  f"{sql_text(' '.join(labels))}, {sql_text(text)});\n")
    sql.write("COMMIT;\n")
    ndjson.close()
    sql.close()


def queries(n, count):
    """A reader's mix: a topic's word (~25 articles), two of them with AND, a topic's word AND a
    common one, a topic's phrase, a prefix of a topic's word; and one in eight a common word that
    half the articles or more contain."""
    rng, words = random.Random(SEED + 1), COMMON
    subjects = topics(count)
    out = []
    for i in range(n):
        own, phrases = rng.choice(subjects)
        kind = i % 8
        if kind in (0, 1):
            out.append(rng.choice(own))
        elif kind == 2:
            out.append(" AND ".join(rng.sample(own, 2)))
        elif kind == 3:
            out.append(f"{rng.choice(own)} AND {rng.choice(words[100:])}")
        elif kind in (4, 5):
            out.append(f'"{rng.choice(phrases)}"')
        elif kind == 6:
            out.append(rng.choice(own)[:5] + "*")
        else:
            out.append(rng.choice(words[100:]))
    print("\n".join(out))


if __name__ == "__main__":
    if sys.argv[1] == "data":
        data(int(sys.argv[2]), sys.argv[3])
    else:
        queries(int(sys.argv[2]), int(sys.argv[3]))
