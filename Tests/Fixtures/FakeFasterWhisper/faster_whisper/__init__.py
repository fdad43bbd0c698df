"""A stand-in for faster-whisper with its API's shape (WhisperModel, transcribe, detect_language),
for tests of ail-transcribe's side of the boundary where the real one is not installed. What it
does is set by FAKE_WHISPER (normal, unsure, hang, hang-once, die, fail) and the model's name (a
name ending in .en is English-only; one starting with "missing" is not on the machine, one
starting with "broken" does not load). It prints on standard output when imported, as some
libraries do, which must not reach the protocol."""

import os
import sys
import time
from collections import namedtuple

print("faster_whisper stand-in loaded")

Word = namedtuple("Word", "start end word probability")
Segment = namedtuple("Segment", "start end text words")
Info = namedtuple("Info", "language language_probability duration")


class _Model:
    def __init__(self, multilingual):
        self.is_multilingual = multilingual


class WhisperModel:
    def __init__(self, model_size_or_path, device="auto", compute_type="default", cpu_threads=0,
                 local_files_only=False, **_):
        name = os.path.basename(str(model_size_or_path).rstrip("/"))
        if name.startswith("missing") and local_files_only:
            # What huggingface_hub says when the cache lacks the model and the hub may not be asked.
            raise RuntimeError("Cannot find an appropriate cached snapshot folder for the specified "
                               "revision on the local disk and outgoing traffic has been disabled "
                               "(HF_HUB_OFFLINE=%s)" % os.environ.get("HF_HUB_OFFLINE"))
        if name.startswith("broken"):
            raise RuntimeError("Unable to open file 'model.bin' in model '%s'" % name)
        self.model = _Model(not name.endswith(".en"))
        self.name = name

    def detect_language(self, audio=None, **_):
        if os.environ.get("FAKE_WHISPER") == "unsure":
            return "fr", 0.3, [("fr", 0.3), ("de", 0.25)]
        return "de", 0.9, [("de", 0.9)]

    def transcribe(self, audio, language=None, word_timestamps=False, initial_prompt=None, **_):
        mode = os.environ.get("FAKE_WHISPER", "normal")
        if mode == "hang":
            time.sleep(600)
        if mode == "hang-once":
            # Hangs in the first worker only: the state file says a worker has hung before.
            state = os.environ["FAKE_WHISPER_STATE"]
            if not os.path.exists(state):
                open(state, "w").close()
                time.sleep(600)
        if mode == "die":
            sys.stderr.write("Traceback (most recent call last):\nMemoryError: the fake ran out of memory\n")
            sys.stderr.flush()
            os._exit(1)
        if mode == "fail":
            raise ValueError("the fake refuses this chunk")
        seconds = len(audio) / 16000.0
        language = language or ("de" if self.model.is_multilingual else "en")
        text = " heard %d samples in %s" % (len(audio), language)
        words = [Word(0.1 * i, 0.1 * i + 0.08, " " + part, 0.9) for i, part in enumerate(text.split())]
        return iter([Segment(0.0, seconds, text, words)]), Info(language, 1.0, seconds)
