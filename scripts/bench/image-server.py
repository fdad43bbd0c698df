#!/usr/bin/env python3
"""The memory case of scripts/bench/images: one article referring to one big image many times.

  image-server.py serve DIR SIZE      writes DIR/big.png (a real PNG of random pixels, about SIZE
                                      bytes, seeded), serves DIR on 127.0.0.1 at an ephemeral port
                                      (written to DIR/port once listening), and appends every
                                      request line to DIR/requests.log; runs until killed
  image-server.py article URL COUNT   one "article" record whose HTML refers to URL/big.png COUNT
                                      times, spelled three ways that resolve to the same canonical
                                      URL (relative, root-relative, absolute), between paragraphs
"""
import functools, json, os, random, struct, sys, zlib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


def png(size):
    """A truecolour PNG of seeded noise: it does not compress, so the file is about `size` bytes."""
    side = max(1, int((size / 3) ** 0.5))
    rng = random.Random(2026)
    rows = b"".join(b"\x00" + rng.randbytes(side * 3) for _ in range(side))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")


class Handler(SimpleHTTPRequestHandler):
    log_path = None

    def log_request(self, code="-", size="-"):
        with open(self.log_path, "a", encoding="utf-8") as log:
            log.write(f"{self.requestline} {code}\n")

    def log_message(self, format, *args):  # quiet on stderr
        pass


def serve(folder, size):
    with open(os.path.join(folder, "big.png"), "wb") as out:
        out.write(png(size))
    Handler.log_path = os.path.join(folder, "requests.log")
    open(Handler.log_path, "w").close()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
    with open(os.path.join(folder, "port.tmp"), "w") as out:
        out.write(str(server.server_address[1]))
    os.replace(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
    server.serve_forever()


def article(url, count):
    origin = url.rstrip("/")
    spellings = ["big.png", "/big.png", f"{origin}/big.png"]
    parts = ["<!DOCTYPE html><html><head><title>One image, many times</title></head><body><h1>Figures</h1>"]
    for n in range(count):
        parts.append(f'<p>Figure {n + 1}: the same picture again.</p><img src="{spellings[n % 3]}" alt="figure {n + 1}">')
    parts.append("</body></html>")
    record = {
        "kind": "article",
        "id": "bench-images-1",
        "bookmark": {"url": f"{origin}/article.html", "title": "One image, many times"},
        "html": "".join(parts),
        "fetched_at": "2026-11-22T00:00:00Z",
    }
    print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "serve":
        serve(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "article":
        article(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)
