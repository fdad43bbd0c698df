#!/usr/bin/env python3
"""How Python's standard `email` package (policy.default) reads a message that ail-mail wrote —
reply, forward, compose — for the tests that compare it field by field with what was meant.
Reads one message on standard input and writes one JSON object: the address fields (display
name and address), subject, date, message_id, in_reply_to, references, the plain body text, and
the attachments (filename, content type, the bytes as hex, and for an enclosed message its
subject and From), plus `defects`, every defect Python found."""
import email
import email.policy
import json
import sys


def addresses(message, name):
    header = message[name]
    if header is None:
        return None
    return [{"name": a.display_name or None, "address": a.addr_spec} for a in header.addresses]


def main():
    message = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
    defects = [type(d).__name__ for d in message.defects]
    attachments = []
    for part in message.iter_attachments():
        defects += [type(d).__name__ for d in part.defects]
        item = {"filename": part.get_filename(), "content_type": part.get_content_type()}
        if part.get_content_type() == "message/rfc822":
            enclosed = part.get_payload(0)
            item["subject"] = str(enclosed["subject"])
            item["from"] = str(enclosed["from"])
        else:
            item["hex"] = part.get_payload(decode=True).hex()
        attachments.append(item)
    body = message.get_body(("plain",))
    result = {
        "from": addresses(message, "from"), "to": addresses(message, "to"), "cc": addresses(message, "cc"),
        "bcc": addresses(message, "bcc"), "subject": None if message["subject"] is None else str(message["subject"]),
        "date": None if message["date"] is None else message["date"].datetime.isoformat(),
        "message_id": message["message-id"], "in_reply_to": message["in-reply-to"],
        "references": message["references"], "text": None if body is None else body.get_content(),
        "attachments": attachments, "defects": defects,
    }
    print(json.dumps(result, ensure_ascii=False))


main()
