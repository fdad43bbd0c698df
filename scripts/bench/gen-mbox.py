#!/usr/bin/env python3
"""Writes an mbox of about MEGABYTES MB for scripts/bench/mail: the messages of
Tests/MailTests/Fixtures (each with a fresh Message-ID) mixed with generated ones as a mailbox
holds them — plain text in several charsets and transfer encodings, multipart/alternative with
HTML, mails with base64 attachments of 20-400 KB, replies with quoted text, encoded-word headers.
Seeded, so the same size gives the same file.  Usage: gen-mbox.py MEGABYTES OUT"""
import base64
import glob
import os
import quopri
import random
import sys

random.seed(20261122)
WORDS = ("der die das und ist nicht ein eine zu mit für auf dem den von sich des im Grüße Straße "
         "Müller Köln über schön the of and to in is that for it as was with be by on not message "
         "reply meeting Bericht Termin Projekt invoice attached please thanks regards").split()
NAMES = ["Anna Müller", "Jürgen Groß", "Zoë Ünal", "John Doe", "Ærøskøbing Bank", "李雷", "Renée Dupont"]


def sentence(n):
    return " ".join(random.choice(WORDS) for _ in range(n)).capitalize() + "."


def paragraph_text(lines):
    out = []
    for _ in range(lines):
        out.append(sentence(random.randint(6, 14)))
    return "\n".join(out) + "\n"


def encoded_word(text):
    return "=?UTF-8?B?" + base64.b64encode(text.encode()).decode() + "?="


def header(number, extra=""):
    name = random.choice(NAMES)
    subject = random.choice(["Re: ", "AW: ", "", "Fwd: "]) + " ".join(random.choice(WORDS) for _ in range(6))
    return (f"From: {encoded_word(name)} <sender{number % 97}@example.org>\n"
            f"To: \"Team, The\" <team@example.org>, other{number % 13}@example.net\n"
            f"Subject: {encoded_word(subject)}\n"
            f"Date: Mon, {1 + number % 28} Jan 2024 {number % 24:02d}:{number % 60:02d}:00 +0100\n"
            f"Message-ID: <gen{number}@example.org>\nMIME-Version: 1.0\n{extra}")


def plain(number):
    body = paragraph_text(random.randint(5, 120))
    if random.random() < 0.5:
        return header(number, "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n") + \
            quopri.encodestring(body.encode()).decode()
    return header(number, "Content-Type: text/plain; charset=iso-8859-15\nContent-Transfer-Encoding: 8bit\n\n").encode(
        "utf-8").decode() + body.encode("iso-8859-15", "replace").decode("latin-1")


def alternative(number):
    body = paragraph_text(random.randint(10, 80))
    html = "<html><body>" + "".join(f"<p>{line} <a href=\"https://example.org/{i}\">link</a></p>"
                                     for i, line in enumerate(body.splitlines())) + "</body></html>"
    return header(number, "Content-Type: multipart/alternative; boundary=\"alt\"\n\n") + \
        "--alt\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n" + \
        quopri.encodestring(body.encode()).decode() + "\n--alt\nContent-Type: text/html; charset=utf-8\n" + \
        "Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(html.encode()).decode() + "--alt--\n"


def attachment(number):
    data = random.randbytes(random.randint(20_000, 400_000))
    return header(number, "Content-Type: multipart/mixed; boundary=\"mix\"\n\n") + \
        "--mix\nContent-Type: text/plain; charset=utf-8\n\n" + paragraph_text(5) + \
        f"--mix\nContent-Type: application/pdf\nContent-Disposition: attachment; filename*=UTF-8''Rechnung%20{number}%20M%C3%A4rz.pdf\n" + \
        "Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(data).decode() + "--mix--\n"


def mbox_escape(message):
    lines = message.split("\n")
    return "\n".join((">" + line) if line.lstrip(">").startswith("From ") else line for line in lines)


def main():
    megabytes, out = float(sys.argv[1]), sys.argv[2]
    root = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "MailTests", "Fixtures")
    fixtures = [open(path, "rb").read().decode("latin-1") for path in sorted(glob.glob(os.path.join(root, "*.eml")))]
    kinds = [plain] * 6 + [alternative] * 3 + [attachment]
    written = 0
    number = 0
    with open(out, "w", encoding="latin-1", newline="\n") as stream:
        while written < megabytes * 1_000_000:
            number += 1
            if number % 10 == 0:
                message = fixtures[number // 10 % len(fixtures)].replace("\r\n", "\n")
            else:
                message = random.choice(kinds)(number).encode("utf-8").decode("latin-1")
            text = f"From sender@example.org Mon Jan  1 00:00:00 2024\n{mbox_escape(message.rstrip(chr(10)))}\n\n"
            stream.write(text)
            written += len(text)
    print(number)


if __name__ == "__main__":
    main()
