#!/usr/bin/env python3
"""The reference side of ail-mail's differential test and benchmark: Python's standard `email`
package (policy.default) decodes each message, and this script writes what `ail-mail parse`
writes — one JSON object per message — with the same rules for choosing the body and listing
attachments, so that any difference is a difference in decoding.

  mail-reference.py FILE...          one message per file
  mail-reference.py --mbox FILE      every message of an mbox (mboxrd quoting undone)
  --quiet                            decode, but print only the number of messages (benchmarks)

Text bodies are compared for text/plain bodies only (`text` is null when the body is HTML:
turning HTML into text is ail-mail's own business). Line breaks become \\n and the text ends
with one, as in ail-mail."""
import email
import email.policy
import email.utils
import json
import re
import sys
from datetime import timezone


def addresses(message, name):
    header = message[name]
    if header is None:
        return []
    result = []
    for address in getattr(header, "addresses", ()):
        if not address.addr_spec or address.addr_spec == "<>":
            continue
        result.append({"name": address.display_name or None, "address": address.addr_spec})
    return result


def is_body_candidate(part):
    return (not part.is_multipart() and part.get_content_type() in ("text/plain", "text/html")
            and part.get_content_disposition() != "attachment" and part.get_filename() is None)


def body_part(message):
    html = []

    def search(part):
        if part.get_content_maintype() == "message":
            return None
        if not part.is_multipart():
            if not is_body_candidate(part):
                return None
            if part.get_content_type() == "text/plain":
                return part
            html.append(part)
            return None
        if part.get_content_disposition() == "attachment":
            return None
        children = part.get_payload()
        if part.get_content_type() == "multipart/related":
            start = part.get_param("start")
            root = next((child for child in children if start and child["content-id"] == start), None)
            root = root or (children[0] if children else None)
            return search(root) if root is not None else None
        for child in children:
            found = search(child)
            if found is not None:
                return found
        return None

    found = search(message)
    return found or (html[0] if html else None)


def attachments(message):
    found = []

    def walk(part):
        if part.get_content_maintype() == "message" and part.get_content_type() in ("message/rfc822", "message/global"):
            payload = part.get_payload()
            size = len(payload[0].as_bytes()) if isinstance(payload, list) and payload else 0
            found.append(describe(part, size, enclosed=True))
            return
        if part.is_multipart():
            for child in part.get_payload():
                walk(child)
            return
        if is_body_candidate(part):
            return
        found.append(describe(part, len(part.get_payload(decode=True) or b"")))

    walk(message)
    return found


def describe(part, size, enclosed=False):
    content_id = part["content-id"]
    content_id = str(content_id).strip() if content_id is not None else None
    if content_id and content_id.startswith("<") and content_id.endswith(">"):
        content_id = content_id[1:-1]
    disposition = part.get_content_disposition()
    return {
        "filename": part.get_filename(),
        "mime": part.get_content_type(),
        "size": None if enclosed else size,  # an enclosed message's size depends on re-serialisation
        "content_id": content_id or None,
        "inline": disposition == "inline" or (disposition is None and bool(content_id)),
    }


def record(message):
    date = None
    if message["date"] is not None:
        try:
            parsed = email.utils.parsedate_to_datetime(str(message["date"]))
            if parsed.tzinfo is None:
                parsed = parsed.replace(tzinfo=timezone.utc)
            date = parsed.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        except (TypeError, ValueError):
            date = None
    body = body_part(message)
    text = None
    if body is not None and body.get_content_type() == "text/plain":
        text = body.get_content().replace("\r\n", "\n").replace("\r", "\n")
        if text and not text.endswith("\n"):
            text += "\n"
    elif body is None:
        text = ""
    message_id = message["message-id"]
    message_id = str(message_id).strip().strip("<>") if message_id is not None else None
    sender = addresses(message, "from")
    return {
        "message_id": message_id or None,
        "from": sender[0] if sender else None,
        "to": addresses(message, "to"),
        "cc": addresses(message, "cc"),
        "reply_to": addresses(message, "reply-to"),
        "date": date,
        "subject": str(message["subject"]) if message["subject"] is not None else None,
        "text": text,
        "has_html": any(is_body_candidate(p) and p.get_content_type() == "text/html" for p in message.walk()
                        if not p.is_multipart() and not within_enclosed(message, p)),
        "attachments": attachments(message),
    }


def within_enclosed(root, target):
    """Whether `target` lies inside a message/rfc822 part of `root`."""
    def walk(part, enclosed):
        if part is target:
            return enclosed
        if part.is_multipart() or part.get_content_maintype() == "message":
            payload = part.get_payload()
            if isinstance(payload, list):
                inner = enclosed or part.get_content_maintype() == "message"
                for child in payload:
                    result = walk(child, inner)
                    if result is not None:
                        return result
        return None
    return bool(walk(root, False))


def mbox_messages(path):
    unescape = re.compile(rb"^>(>*From )", re.M)
    current = None
    previous_blank = True
    with open(path, "rb") as stream:
        for line in stream:
            if line.startswith(b"From ") and previous_blank:
                if current is not None:
                    yield finish(current, unescape)
                current = []
            elif current is not None:
                current.append(line)
            previous_blank = line in (b"\n", b"\r\n")
    if current is not None:
        yield finish(current, unescape)


def finish(lines, unescape):
    if lines and lines[-1] in (b"\n", b"\r\n"):
        lines = lines[:-1]
    return unescape.sub(rb"\1", b"".join(lines))


def main(arguments):
    quiet = "--quiet" in arguments
    arguments = [a for a in arguments if a != "--quiet"]
    if arguments[:1] == ["--mbox"]:
        sources = ((f"{arguments[1]}#{n}", data) for n, data in enumerate(mbox_messages(arguments[1]), 1))
    else:
        sources = ((path, open(path, "rb").read()) for path in arguments)
    count = 0
    for source, data in sources:
        message = email.message_from_bytes(data, policy=email.policy.default)
        result = record(message)
        result["source"] = source
        count += 1
        if not quiet:
            print(json.dumps(result, ensure_ascii=False, sort_keys=True))
    if quiet:
        print(count)


if __name__ == "__main__":
    main(sys.argv[1:])
