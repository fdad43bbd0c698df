#!/usr/bin/env python3
"""The baseline of scripts/bench/images: the image references of HTML pages found with Python's
standard html.parser, by the same rules as ImageFinder (img src/srcset and the lazy data-*
attributes, picture source srcset, input type=image, video poster, SVG image href, url() in style
attributes; empty, data: and JSON-looking values skipped; URLs resolved with urllib.parse.urljoin
against the first <base href>).

    html-parser-images.py [--runs N] [--base-url URL] [--counts FILE] ROOT LIST

LIST names one page per line, as a path under ROOT. Pages are read and decoded before the clock
starts. Prints "time extract S" and "time tokenize S" (best of N; tokenize is HTMLParser with no
handlers) and the totals, as images-bench does.
"""
import argparse
import time
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit, urlunsplit

LAZY_SOURCE = ("data-src", "data-lazy-src", "data-original")
LAZY_SRCSET = ("data-srcset", "data-lazy-srcset")
SPACE = " \t\n\r\f"


def parse_srcset(value):
    """The candidates' URLs of a srcset value, as HTMLScan's Srcset.parse keeps them."""
    urls = []
    n = len(value)
    i = 0
    while True:
        while i < n and (value[i] in SPACE or value[i] == ","):
            i += 1
        if i >= n:
            return urls
        start = i
        while i < n and value[i] not in SPACE:
            i += 1
        end = i
        descriptors = []
        if value[end - 1] == ",":
            while end > start and value[end - 1] == ",":
                end -= 1
        else:
            descriptors, i = srcset_descriptors(value, i)
        if end > start and valid_descriptors(descriptors):
            urls.append(value[start:end])


def srcset_descriptors(value, i):
    n = len(value)
    while i < n and value[i] in SPACE:
        i += 1
    descriptors, current, state = [], "", "in"
    while True:
        if i >= n:
            if current:
                descriptors.append(current)
            return descriptors, i
        c = value[i]
        if state == "in":
            if c in SPACE:
                if current:
                    descriptors.append(current)
                current, state = "", "after"
            elif c == ",":
                if current:
                    descriptors.append(current)
                return descriptors, i + 1
            else:
                current += c
                if c == "(":
                    state = "parens"
        elif state == "parens":
            current += c
            if c == ")":
                state = "in"
        elif c not in SPACE:
            state = "in"
            continue
        i += 1


def valid_descriptors(descriptors):
    width = density = height = None
    for d in descriptors:
        kind, number = d[-1:], d[:-1]
        if kind == "w" and width is None and density is None and number.isascii() and number.isdigit() and int(number) > 0:
            width = int(number)
        elif kind == "x" and width is None and density is None and height is None and valid_float(number):
            density = float(number)
        elif kind == "h" and height is None and density is None and number.isascii() and number.isdigit() and int(number) > 0:
            height = int(number)
        else:
            return False
    return not (height is not None and width is None)


def valid_float(text):
    if not text or text[0] not in "0123456789-." or not all(c in "0123456789.-eE+" for c in text):
        return False
    try:
        return float(text) >= 0
    except ValueError:
        return False


def style_urls(style):
    """The url() arguments of a style attribute, as ImageExtraction's StyleURLs finds them."""
    urls = []
    lower = style.lower()
    pos = 0
    while True:
        open_ = lower.find("url(", pos)
        if open_ < 0:
            return urls
        cursor = open_ + 4
        while cursor < len(style) and style[cursor].isspace():
            cursor += 1
        if cursor >= len(style):
            return urls
        quote = style[cursor]
        if quote in "\"'":
            start = cursor + 1
            end = style.find(quote, start)
            if end < 0:
                return urls
        else:
            start = cursor
            close = style.find(")", start)
            if close < 0:
                return urls
            end = close
            while end > start and style[end - 1].isspace():
                end -= 1
        urls.append(style[start:end])
        pos = end


def looks_like_json(value):
    stripped = value.strip(SPACE)
    return stripped[:1] in ("{", "[")


def canonical(url):
    """Lower-case scheme and host, no default port, no fragment (urljoin already removed dot segments)."""
    try:
        parts = urlsplit(url)
        netloc = parts.netloc.lower()
        if (parts.scheme == "http" and netloc.endswith(":80")) or (parts.scheme == "https" and netloc.endswith(":443")):
            netloc = netloc.rsplit(":", 1)[0]
        return urlunsplit((parts.scheme.lower(), netloc, parts.path or ("/" if netloc else ""), parts.query, ""))
    except ValueError:
        return url


class ImageParser(HTMLParser):
    def __init__(self, document_url):
        super().__init__(convert_charrefs=True)
        self.document_url = document_url
        self.base = None
        self.pending = []  # (tag, attributes, context, in_picture, in_svg)
        self.picture = self.noscript = self.svg = 0

    def handle_startendtag(self, tag, attrs):
        self.start(tag, attrs, self_closing=True)

    def handle_starttag(self, tag, attrs):
        self.start(tag, attrs, self_closing=False)

    def start(self, tag, attrs, self_closing):
        attributes = {}
        for name, value in attrs:
            attributes.setdefault(name, value or "")
        in_svg = self.svg > 0 or tag == "svg"
        if tag == "image" and not in_svg:
            tag = "img"
        if tag == "base" and self.base is None and not in_svg and "href" in attributes:
            self.base = urljoin(self.document_url, attributes["href"].strip(SPACE))
        elif tag == "picture" and not self_closing:
            self.picture += 1
        elif tag == "noscript" and not self_closing:
            self.noscript += 1
        elif tag == "svg" and not self_closing:
            self.svg += 1
        if tag in ("img", "source", "input", "video", "image") or "style" in attributes:
            self.pending.append((tag, attributes, "noscript " if self.noscript else "", self.picture > 0, in_svg))

    def handle_endtag(self, tag):
        if tag == "picture":
            self.picture = max(0, self.picture - 1)
        elif tag == "noscript":
            self.noscript = max(0, self.noscript - 1)
        elif tag == "svg":
            self.svg = max(0, self.svg - 1)

    def occurrences(self):
        base = self.base or self.document_url
        found = []

        def add(url, where):
            url = url.strip(SPACE)
            if url and not url.lower().startswith("data:"):
                try:
                    resolved = urljoin(base, url)
                except ValueError:
                    resolved = None
                found.append((url, resolved, where))

        for tag, attributes, context, in_picture, in_svg in self.pending:
            element = context + ("picture source" if tag == "source" and in_picture else f"svg {tag}" if in_svg else tag)

            def whole(name):
                value = attributes.get(name)
                if value is not None and not looks_like_json(value):
                    add(value, f"{element}[{name}]")

            def srcset(name):
                value = attributes.get(name)
                if value is not None and not looks_like_json(value):
                    for url in parse_srcset(value):
                        add(url, f"{element}[{name}]")

            if tag == "img" and not in_svg:
                whole("src")
                srcset("srcset")
                for name in LAZY_SOURCE:
                    whole(name)
                for name in LAZY_SRCSET:
                    srcset(name)
            elif tag == "source" and not in_svg:
                srcset("srcset")
                for name in LAZY_SRCSET:
                    srcset(name)
                for name in LAZY_SOURCE:
                    whole(name)
            elif tag == "input" and not in_svg and attributes.get("type", "").lower() == "image":
                whole("src")
            elif tag == "video" and not in_svg:
                whole("poster")
            elif tag == "image" and in_svg:
                whole("href")
                whole("xlink:href")
            if "style" in attributes:
                for url in style_urls(attributes["style"]):
                    add(url, f"{element}[style]")
        return found


def find(html, document_url):
    parser = ImageParser(document_url)
    parser.feed(html)
    parser.close()
    return parser.occurrences()


def tokenize(html):
    parser = HTMLParser(convert_charrefs=True)
    parser.feed(html)
    parser.close()


def best(runs, body):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = body()
        times.append(time.perf_counter() - start)
    return min(times), result


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--runs", type=int, default=3)
    arguments.add_argument("--base-url", default="https://example.org/")
    arguments.add_argument("--counts", help="write one line per page: path, occurrences, distinct")
    arguments.add_argument("root")
    arguments.add_argument("list")
    options = arguments.parse_args()
    with open(options.list, encoding="utf-8") as listing:
        paths = [line.rstrip("\n") for line in listing if line.strip()]
    pages = []
    for path in paths:
        with open(f"{options.root}/{path}", "rb") as page:
            data = page.read()
        pages.append((path, len(data), data.decode("utf-8", errors="replace"), options.base_url + path))
    print(f"pages {len(pages)} bytes {sum(size for _, size, _, _ in pages)}")

    seconds, found = best(options.runs, lambda: [find(text, url) for _, _, text, url in pages])
    print(f"time extract {seconds}")
    seconds, _ = best(options.runs, lambda: [tokenize(text) for _, _, text, _ in pages])
    print(f"time tokenize {seconds}")
    lines = []
    occurrences = distinct = resolved = 0
    for (path, _, _, _), page in zip(pages, found):
        keys = {canonical(r) if r is not None else u for u, r, _ in page}
        occurrences += len(page)
        distinct += len(keys)
        resolved += sum(1 for _, r, _ in page if r is not None)
        lines.append(f"{path}\t{len(page)}\t{len(keys)}\n")
    if options.counts:
        with open(options.counts, "w", encoding="utf-8") as out:
            out.writelines(lines)
    print(f"counts occurrences {occurrences} distinct {distinct} resolved {resolved}")


if __name__ == "__main__":
    main()
