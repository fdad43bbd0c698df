/// The Python side of the faster-whisper engine, run as `PYTHON -c SCRIPT SETTINGS`: the whole
/// boundary between this project and faster-whisper, kept small so that any interpreter with
/// `pip install faster-whisper` serves.
///
/// Protocol, one JSON object per line on the worker's standard output:
/// * Started with SETTINGS `{"model", "download", "threads"}`, it loads the model (from a
///   CTranslate2 folder, or by faster-whisper's name from the local cache, fetched only when
///   `download` is true) and answers `{"ready": true, "multilingual": Bool}`, or
///   `{"error": "module"|"model", "detail": …}` and ends.
/// * Each request on standard input is a line `{"samples": N, "language": "de"|null,
///   "fallback": "de"|"en"|null, "threshold": 0.5, "prompt": …|null}` and then N little-endian
///   float32 samples of 16 kHz mono audio. The answer is `{"text", "language",
///   "probability", "fell_back", "words": [[word, start, end], …]}` or `{"error": "recognize",
///   "detail"}`. With no language, a multilingual model detects it; below `threshold` the
///   `fallback` language is used instead and `fell_back` is true.
/// * End of input ends the worker.
enum FasterWhisperWorker {
  static let script = #"""
    import json, os, sys

    # The answers get standard output to themselves, in UTF-8 whatever the locale; anything a
    # library prints goes to standard error instead of into the protocol.
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)

    def send(message):
        answers.write(json.dumps(message, ensure_ascii=False) + "\n")
        answers.flush()

    def read_exactly(stream, count):
        parts = []
        while count > 0:
            part = stream.read(count)
            if not part:
                return None
            parts.append(part)
            count -= len(part)
        return b"".join(parts)

    def recognize(model, multilingual, audio, request):
        language = request.get("language")
        probability = None
        fell_back = False
        if language is None and multilingual:
            language, probability, _ = model.detect_language(audio)
            fallback = request.get("fallback")
            if fallback and probability < request.get("threshold", 0.5):
                language, fell_back = fallback, True
        segments, info = model.transcribe(
            audio, language=language, word_timestamps=True, beam_size=5,
            condition_on_previous_text=False, initial_prompt=request.get("prompt"))
        texts, words = [], []
        for segment in segments:
            texts.append(segment.text)
            for word in segment.words or []:
                words.append([word.word.strip(), round(word.start, 3), round(word.end, 3)])
        if probability is None:
            probability = info.language_probability
        return {"text": "".join(texts).strip(), "language": info.language, "probability": probability,
                "fell_back": fell_back, "words": words}

    def main():
        settings = json.loads(sys.argv[1])
        try:
            from faster_whisper import WhisperModel
        except ImportError as error:
            send({"error": "module", "detail": str(error)})
            return 3
        try:
            import numpy
            samples = lambda data: numpy.frombuffer(data, dtype="<f4")
        except ImportError:
            # faster-whisper needs numpy, so only a stand-in for it comes without.
            import array
            def samples(data):
                values = array.array("f")
                values.frombytes(data)
                if sys.byteorder == "big":
                    values.byteswap()
                return values
        try:
            model = WhisperModel(settings["model"], device="cpu", compute_type="int8",
                                 cpu_threads=settings.get("threads", 0),
                                 local_files_only=not settings.get("download", False))
        except Exception as error:
            send({"error": "model", "detail": "%s: %s" % (type(error).__name__, error)})
            return 4
        multilingual = bool(model.model.is_multilingual)
        send({"ready": True, "multilingual": multilingual})
        stdin = sys.stdin.buffer
        while True:
            line = stdin.readline()
            if not line:
                return 0
            request = json.loads(line)
            data = read_exactly(stdin, int(request["samples"]) * 4)
            if data is None:
                return 0
            try:
                send(recognize(model, multilingual, samples(data), request))
            except Exception as error:
                send({"error": "recognize", "detail": "%s: %s" % (type(error).__name__, error)})

    sys.exit(main())
    """#
}
