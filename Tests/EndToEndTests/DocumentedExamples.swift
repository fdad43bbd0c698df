import Foundation
import Testing
import Wire

/// Every example the README and the tools' help show, with what it must do in the sandbox
/// (``Sandbox``: 20 synced articles plus one about Swift, so 21 in the store; the newest is
/// ``Sandbox/firstID``), or why it is not run here.
enum DocumentedExamples {
  static let all: [String: DocumentedExample] = setUp.merging(readkeep) { $1 }.merging(twoWay) { $1 }.merging(ailo) {
    $1
  }.merging(notesStore) { $1 }.merging(fakes) { $1 }.merging(outbox) { $1 }.merging(smime) { $1 }
    .merging(audiobook) { $1 }

  /// The labels of an article record's bookmark.
  static func articleLabels(_ record: JSONValue) -> Set<String> {
    Set((record["bookmark"]?["labels"]?.arrayValue ?? []).compactMap(\.stringValue))
  }

  static let realServer = "needs a real server and account; the same command against the fakes runs in other examples"
  static let fasterWhisper =
    "needs faster-whisper in a venv with a model; the engine runs from the speech venv in AilTranscribeFasterWhisperTests"

  // MARK: Set-up

  static let setUp: [String: DocumentedExample] = [
    #"SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)"#: .runs { run in
      run.expect(run.status == 0, "sets SUDO in a shell")
    },
    "$SUDO apt-get update": .notRun("installs system packages; .ci/run installs the same ones on CI"),
    "$SUDO apt-get install -y libsqlite3-dev dpkg-dev": .notRun(
      "installs system packages; .ci/run installs the same ones on CI"),
    "scripts/package && $SUDO apt install ./rk-ail_*.deb": .notRun(
      "a release build and a system-wide install; .ci/run builds the package and scripts/check-package installs it"),
    "$SUDO apt-get install -y groff-base make jq curl": .notRun(
      "installs system packages; .ci/run installs the same ones on CI"),
    "$SUDO apt-get install -y ffmpeg libpocketsphinx3 pocketsphinx-en-us": .notRun(
      "installs system packages; .ci/run installs the same ones on CI"),
    "$SUDO apt-get install -y chromium epubcheck unzip": .notRun(
      "installs system packages; .ci/run installs the same ones on CI"),
    "$SUDO apt-get install -y dovecot-imapd isync msmtp": .notRun(
      "installs system packages; .ci/run installs the same ones on CI"),
    "scripts/install --prefix ~/.local": .notRun(
      "a release build; the sandbox installs with the same script (--from the test build)"),
    #"export PATH="$HOME/.local/bin:$PATH""#: .notRun("the user's shell set-up; the sandbox puts its install on PATH"),
    "scripts/demo": .runs(before: "export RK_BIN=\"$(dirname \"$(command -v rk-cache)\")\"") { run in
      run.expect(run.stdout.contains("== a local Readeck server"), "the demo's first step")
      run.expect(run.stdout.contains("--dry-run"), "the demo reaches its last step")
    },
    "scripts/test": .notRun("runs this very test suite"),
    "export READECK_URL=https://readeck.example.org READECK_TOKEN=…": .notRun(
      "names the user's own server and token; the sandbox sets the Readeck fake's"),
  ]

  // MARK: rk-*

  static let readkeep: [String: DocumentedExample] = [
    "rk-fetch > new.ndjson": .runs { run in
      let lines = run.file("new.ndjson")?.split(separator: "\n") ?? []
      run.expect(lines.count == 21, "20 articles and the summary in new.ndjson, got \(lines.count) lines")
      run.expect(lines.last?.contains(#""complete":true"#) == true, "a complete sync_summary")
    },
    "rk-fetch --server https://readeck.example.org > new.ndjson": .notRun(realServer),
    "rk-cache ids | rk-fetch --limit 50 --skip-ids - | rk-cache store": .runs { run in
      run.expect(run.stderr.contains("stored 4, updated 0"), "the 4 unread articles not cached yet are stored")
      run.expect(run.storedArticles == 25, "25 articles stored")
    },
    "rk-cache ids | rk-fetch --limit 0 --skip-ids - | rk-cache store": .runs { run in
      run.expect(run.stderr.contains("stored 4, updated 0"), "the 4 unread articles not cached yet are stored")
    },
    "rk-fetch --state all --limit 0 --metadata-only": .runs { run in
      run.expect(run.records(kind: "bookmark").count == 30, "every bookmark of the 30")
    },
    "rk-fetch --collection 'systems reading'": .runs { run in
      let labels = run.records(kind: "article").map(articleLabels)
      run.expect(
        !labels.isEmpty && labels.allSatisfy { $0.contains("swift") }, "the collection's unread swift articles")
      run.expect(run.records(kind: "sync_summary").last?["complete"] == true, "a complete summary")
    },
    "rk-fetch --label swift --label rust": .runs { run in
      let labels = run.records(kind: "article").map(articleLabels)
      run.expect(
        !labels.isEmpty && labels.allSatisfy { !$0.isDisjoint(with: ["swift", "rust"]) },
        "the unread articles with either label")
    },
    "rk-fetch --collection 'systems reading' --label swift --label rust": .runs { run in
      let labels = run.records(kind: "article").map(articleLabels)
      run.expect(
        !labels.isEmpty && labels.allSatisfy { $0.contains("swift") }, "the collection's articles with a label")
    },
    "rk-fetch --since 2026-11-01T00:00:00Z": .runs { run in
      let summary = run.records(kind: "sync_summary").last
      run.expect(summary?["complete"] == true, "a complete summary of what changed")
      run.expect(run.records(kind: "article").isEmpty, "nothing in the sample library changed since November")
    },
    "rk-fetch --fallback-cache ~/.local/share/readkeep/cache.sqlite": .runs { run in
      run.expect(run.records(kind: "article").count == 20, "with the server up, a normal sync")
    },
    "rk-fetch --fallback-cache ~/.local/share/readkeep/cache.sqlite | jq -r .bookmark.title": .runs(
      before: "export READECK_URL=http://127.0.0.1:9"
    ) { run in
      run.expect(run.lines.count == 21, "with the server down, the 21 saved articles' titles")
      run.expect(run.stderr.contains("serving the saved articles"), "says it is offline")
    },
    "rk-fetch | rk-extract-images --embed | rk-cache store": .runs { run in
      run.expect(run.stderr.contains("stored 0, updated 20"), "the 20 articles stored again")
      run.expect(run.stderr.contains("images: 100 found, 100 embedded"), "every image embedded")
    },
    "rk-fetch | rk-cache store": .runs { run in
      run.expect(run.stderr.contains("stored 0, updated 20"), "the 20 articles stored again")
    },
    "rk-fetch | rk-cache store && rk-prune --keep 50": .runs { run in
      run.expect(run.storedArticles == 21, "nothing over 50 to prune")
    },
    #"rk-extract-images --list < articles.ndjson | jq -r 'select(.kind == "image") | .resolved'"#: .runs { run in
      run.expect(run.lines.count == 100 && run.lines.allSatisfy { $0.hasPrefix("http://127.0.0.1:") }, "100 image URLs")
    },
    "rk-extract-images --embed --best-candidate --max-width 1600": .runs(before: "exec < articles.ndjson") { run in
      let articles = run.records(kind: "article")
      run.expect(articles.count == 20, "20 articles")
      run.expect(
        articles.allSatisfy { $0["html"]?.stringValue?.contains("data:image/png;base64,") == true }, "images embedded")
    },
    "rk-cache list --format table": .runs { run in
      run.expect(run.lines.first?.contains("TITLE") == true && run.lines.count == 22, "a header and 21 rows")
    },
    "rk-cache list --format table --limit 10": .runs { run in
      run.expect(run.lines.count == 11, "a header and 10 rows")
    },
    "rk-cache list --sort size | head -3": .runs { run in
      run.expect(run.records(kind: "cache_entry").count + run.lines.count >= 3 && run.lines.count == 3, "3 lines")
    },
    "rk-cache search 'swift AND concurrency'": .runs { run in
      run.expect(run.records(kind: "search_hit").map { $0["id"]?.stringValue } == ["swift-actors"], "the Swift article")
    },
    "rk-cache search 'swift concurrency'": .runs { run in
      run.expect(run.records(kind: "search_hit").map { $0["id"]?.stringValue } == ["swift-actors"], "the Swift article")
    },
    "rk-cache search 'title:actor*' --format table": .runs { run in
      run.expect(run.stdout.contains("Swift concurrency and actors"), "the title")
    },
    #"rk-cache search '"c++" templates'"#: .runs { run in
      run.expect(run.records(kind: "search_hit").map { $0["id"]?.stringValue } == ["swift-actors"], "the C++ mention")
      run.expect(!run.stderr.contains("searched the phrase"), "valid FTS5 as written")
    },
    "rk-cache html \(Sandbox.firstID) > a.html": .runs { run in
      run.expect(run.file("a.html")?.contains("data:image/png;base64,") == true, "the article with its images")
    },
    "rk-cache html \(Sandbox.firstID) > a.html && xdg-open a.html": .runs { run in
      run.expect(run.file("xdg-open.log") == "a.html\n", "opened")
      run.expect(run.file("a.html")?.isEmpty == false, "written")
    },
    "rk-cache show \(Sandbox.firstID)": .runs { run in
      run.expect(run.stdout.contains(Sandbox.firstID), "its record")
    },
    "rk-cache stats": .runs { run in
      run.expect(run.stdout.contains("21 articles"), "the count")
    },
    "rk-cache stats --json | jq .bytes": .runs { run in
      run.expect(Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 > 0 } == true, "a size")
    },
    "rk-cache stats --reading --since 30d": .runs { run in
      // A first sync is a first sighting of each article's progress, which counts nothing.
      run.expect(run.stdout.hasPrefix("nothing read since "), "nothing read yet")
      let read = run.shell("rk-cache mark \(Sandbox.firstID) --progress 50 && rk-cache stats --reading --since 30d")
      run.expect(
        read.contains(" read since ") && read.contains("█") && read.contains(Sandbox.firstID), "a day's bar: \(read)")
    },
    "rk-cache stats --reading --format html > reading.html": .runs { run in
      let page = run.file("reading.html") ?? ""
      run.expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("Content-Security-Policy"), "a page")
    },
    "rk-cache stats --reading --format ndjson | jq .minutes_online": .runs { run in
      run.expect(run.stdout == "0\n", "nothing read online yet")
    },
    "rk-fetch --metadata-only --limit 0 | rk-cache suggest --explain": .runs { run in
      run.expect(run.stdout.isEmpty, "nothing read in the sandbox: no table (RKCacheSuggestTests checks one)")
    },
    "rk-fetch --metadata-only --limit 0 | rk-cache suggest --limit 5 > ids": .runs { run in
      run.expect(run.file("ids") == "", "nothing read in the sandbox: no ids")
    },
    "rk-fetch --metadata-only --limit 0 | rk-cache suggest --since 2026-11-01": .runs { run in
      run.expect(run.stdout.isEmpty, "nothing read in the sandbox")
    },
    "make -f scripts/readkeep.mk sync PREFETCH=5": .runs { run in
      run.expect(
        run.storedArticles == 21, "synced less than 4 h ago: nothing to do (RKCacheSuggestTests syncs with PREFETCH)")
    },
    "make -f /usr/share/rk-ail/readkeep.mk sync PREFETCH=5": .notRun(
      "the installed path; README's scripts/readkeep.mk sync PREFETCH=5 runs the same recipe"),
    "rk-cache needs-sync --max-age 4h && make sync": .runs(status: 1) { run in
      run.expect(run.file("synced") == nil, "just synced: no sync needed, make not run")
    },
    "mkdir -p ~/backup && rk-cache export ~/backup/readkeep.zip": .runs { run in
      run.expect(run.shell("unzip -l backup/readkeep.zip | grep -c 'articles/.*html'") == "21\n", "21 articles")
    },
    "rk-cache export a.zip && unzip -q a.zip -d a && xdg-open a/index.html": .runs { run in
      run.expect(run.file("xdg-open.log") == "a/index.html\n", "the index opened")
      run.expect(run.shell("ls a/articles/*.html | wc -l") == "21\n", "21 pages beside it")
    },
    "rk-cache export - | ssh backup 'cat > readkeep.zip'": .notRun(
      "needs a second machine over ssh; FileDestinationTests writes - to a pipe and checks the ZIP"),
    "rk-cache epub --unread -o - | ssh reader 'cat > unread.epub'": .notRun(
      "needs a second machine over ssh; FileDestinationTests writes -o - to a pipe and checks the book"),
    "rk-cache export --site ~/public/articles": .runs { run in
      let index = run.file("public/articles/index.html") ?? ""
      run.expect(index.contains("Swift concurrency and actors") && index.contains(Sandbox.firstID), "the index")
    },
    "rk-cache open \(Sandbox.firstID)": .runs { run in
      // No display in the sandbox: the path of the page, to open by hand.
      let path = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      run.expect(path.hasSuffix(Sandbox.firstID + ".html") && FileManager.default.fileExists(atPath: path), path)
    },
    #"w3m "$(rk-cache open \#(Sandbox.firstID))""#: .notRun("needs w3m, a text browser, and a terminal"),
    "rk-cache page \(Sandbox.firstID) -o a.html": .runs { run in
      let page = run.file("a.html") ?? ""
      run.expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<title>"), "a whole page")
    },
    "rk-cache page \(Sandbox.firstID) > a.html && xdg-open a.html": .runs { run in
      run.expect(run.file("xdg-open.log") == "a.html\n", "opened")
      run.expect(run.file("a.html")?.contains("Content-Security-Policy") == true, "the page")
    },
    "rk-cache text \(Sandbox.firstID) | less": .runs { run in
      run.expect(run.lines.count > 5 && !run.stdout.contains("<p>"), "the article as text")
    },
    "rk-cache text \(Sandbox.firstID) | ail-ai --recipe Articles/Summary": .runs { run in
      run.expect(run.stdout.contains("Summarise the following article"), "summarised with the Articles/Summary preset")
    },
    "rk-cache text --markdown WNBGvKQgFsLwHwy4i89q53 > a.md": .runs { run in
      run.expect(run.file("a.md")?.hasPrefix("# ") == true, "Markdown")
    },
    "rk-cache text --markdown --width 0 WNBGvKQgFsLwHwy4i89q53 > a.md": .runs { run in
      run.expect(run.file("a.md")?.hasPrefix("# ") == true, "Markdown")
    },
    "rk-cache epub --unread -o unread.epub": .runs { run in
      let chapters = Int(run.shell("unzip -l unread.epub | grep -c 'xhtml'").trimmingCharacters(in: .newlines)) ?? 0
      run.expect(chapters >= 21, "a chapter per article, and the contents")
      run.expect(run.shell("unzip -p unread.epub mimetype") == "application/epub+zip", "an EPUB")
    },
    "rk-cache epub --label longread --since 7d -o week.epub": .runs { run in
      run.expect(run.shell("unzip -p week.epub mimetype") == "application/epub+zip", "an EPUB")
    },
    "rk-cache epub WNBGvKQgFsLwHwy4i89q53 -o a.epub": .runs { run in
      run.expect(run.shell("unzip -p a.epub mimetype") == "application/epub+zip", "an EPUB")
    },
    "rk-cache import ~/backup/readkeep.zip": .runs { run in
      run.expect(run.stderr.contains("imported 0, updated 0, 21 unchanged"), "everything already there")
    },
    "rk-cache import --db copy.sqlite a.zip": .runs { run in
      run.expect(run.shell("rk-cache stats --db copy.sqlite").contains("21 articles"), "a second store")
    },
    "rk-cache clear --yes": .runs { run in
      run.expect(run.storedArticles == 0, "empty")
    },
    #"rk-cache has "$id" || echo missing"#: .runs(before: "id=\(Sandbox.firstID)") { run in
      run.expect(run.stdout.isEmpty, "it is cached")
    },
    "rk-cache last-sync": .runs { run in
      run.expect(run.stdout.hasPrefix("20"), "a date")
    },
    #"rk-cache store --echo < articles.ndjson | rk-extract-images --list | jq -r 'select(.kind == "image") | .resolved'"#:
      .runs { run in
        run.expect(run.lines.count == 100, "100 image URLs")
        run.expect(run.stderr.contains("stored 0, updated 20"), "stored")
      },
    "rk-cache store < articles.ndjson && rk-prune --keep 20": .runs { run in
      run.expect(run.storedArticles == 20, "20 kept of 21")
    },
    "rk-fetch | rk-cache store --hold-sync && rk-prune --keep 20 && rk-cache record-sync": .runs { run in
      run.expect(run.status == 0, "the sync time kept by store is recorded at the end")
      run.expect(run.storedArticles == 20, "20 kept of 21")
    },
    "rk-prune --keep 100": .runs { run in run.expect(run.storedArticles == 21, "nothing over 100") },
    "rk-prune --max-size 500MB --strategy lru": .runs { run in
      run.expect(run.storedArticles == 21, "far under 500 MB")
    },
    "rk-prune --older-than 30d --keep 200 --dry-run": .runs { run in
      run.expect(run.records(kind: "pruned").isEmpty && run.storedArticles == 21, "nothing that old")
    },
    "make -f scripts/readkeep.mk sync": .runs { run in
      run.expect(run.storedArticles == 21, "synced less than 4 h ago: nothing to do")
    },
    "make -f scripts/readkeep.mk sync COLLECTION='Systems reading' LABELS='swift rust'": .runs { run in
      run.expect(
        run.storedArticles == 21, "synced less than 4 h ago: nothing to do (ReadkeepMakefileSelectionTests syncs)")
    },
    "make -f scripts/readkeep.mk sync FORCE=1 LIMIT=50 KEEP=500": .runs { run in
      run.expect(run.storedArticles == 25, "all 24 unread articles and the Swift one")
    },
    "make -f scripts/readkeep.mk search Q='swift AND actor*'": .runs { run in
      run.expect(run.stdout.contains("Swift concurrency and actors"), "the hit")
    },
    "make -f scripts/readkeep.mk read ID=\(Sandbox.firstID)": .runs(before: "export DISPLAY=:0") { run in
      let opened = run.file("xdg-open.log")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      run.expect(opened.hasSuffix(Sandbox.firstID + ".html") && FileManager.default.fileExists(atPath: opened), opened)
    },
    "make -f scripts/readkeep.mk stats": .runs { run in
      run.expect(run.stdout.contains("21 articles"), "the stats")
    },
    "make -f scripts/readkeep.mk export": .runs { run in
      run.expect(run.shell("ls readkeep-*.zip").hasPrefix("readkeep-"), "readkeep-YYYYMMDD.zip")
    },
  ]

  // MARK: Two-way: rk-cache mark, rk-push

  static let second = "9rUCjjW5NSHbvSzV2Cvh6f"

  /// The queued fields of `id`, from `rk-cache pending`.
  static func pendingFields(_ run: ExampleRun, _ id: String = Sandbox.firstID) -> Set<String> {
    Set(
      run.shell("rk-cache pending | jq -r 'select(.id == \"\(id)\") | .field'").split(separator: "\n").map(String.init))
  }

  static let twoWay: [String: DocumentedExample] = [
    "rk-cache html \(Sandbox.firstID) --mark-read > a.html": .runs { run in
      run.expect(pendingFields(run) == ["is_archived", "read_progress"], "archived and read to the end, queued")
      run.expect(run.file("a.html")?.isEmpty == false, "the article")
    },
    "rk-cache mark \(Sandbox.firstID) --archive": .runs { run in
      run.expect(pendingFields(run) == ["is_archived"], "queued")
    },
    "rk-cache mark \(Sandbox.firstID) --progress 40": .runs { run in
      run.expect(pendingFields(run) == ["read_progress"], "queued")
    },
    "rk-cache mark \(Sandbox.firstID) --delete": .runs { run in
      run.expect(pendingFields(run) == ["is_deleted"], "queued")
      run.expect(!run.shell("rk-cache list | jq -r .id").contains(Sandbox.firstID), "gone from the list")
    },
    "rk-cache mark \(Sandbox.firstID) --add-label later --remove-label new": .runs { run in
      run.expect(pendingFields(run) == ["labels"], "queued")
    },
    "rk-cache mark \(Sandbox.firstID) --favorite --add-label later": .runs { run in
      run.expect(pendingFields(run) == ["is_marked", "labels"], "queued")
    },
    "rk-cache mark \(Sandbox.firstID) \(second) --favorite": .runs { run in
      run.expect(pendingFields(run) == ["is_marked"] && pendingFields(run, second) == ["is_marked"], "both queued")
    },
    "rk-cache mark \(Sandbox.firstID) --archive && rk-push": .runs { run in
      run.expect(run.records(kind: "pushed").count == 1, "sent")
      run.expect(run.shell("rk-cache pending").isEmpty, "the queue is empty")
    },
    "rk-cache html \(Sandbox.firstID) --mark-read > a.html && rk-push": .runs { run in
      run.expect(run.records(kind: "pushed").count == 1 && run.shell("rk-cache pending").isEmpty, "read, and sent")
    },
    "rk-cache pending --drop \(Sandbox.firstID) --field labels": .runs(
      before: "rk-cache mark \(Sandbox.firstID) --archive --add-label later"
    ) { run in
      run.expect(run.records(kind: "change").map { $0["field"]?.stringValue } == ["labels"], "the label change dropped")
      run.expect(pendingFields(run) == ["is_archived"], "the archiving stays queued")
    },
    "rk-cache pending": .runs(before: "rk-cache mark \(Sandbox.firstID) --archive") { run in
      run.expect(run.records(kind: "change").map { $0["field"]?.stringValue } == ["is_archived"], "one change")
    },
    "rk-cache highlight \(Sandbox.firstID) 'Kettle before it right' --note 'check this'": .runs { run in
      let queued = run.records(kind: "queued_highlight").first
      run.expect(queued?["text"] == "Kettle before it right" && queued?["note"] == "check this", "queued with its note")
      run.expect(queued?["start_selector"] == "section[1]/p[1]", "in the first paragraph")
    },
    "rk-cache highlight \(Sandbox.firstID) compass --occurrence 2 --color blue": .runs { run in
      let queued = run.records(kind: "queued_highlight").first
      run.expect(queued?["start_selector"] == "section[1]/p[2]" && queued?["color"] == "blue", "the second one")
    },
    "rk-cache highlight --edit hl1 --color red": .runs(before: "rk-fetch --highlights | rk-cache store") { run in
      run.expect(run.records(kind: "queued_highlight").first?["color"] == "red", "queued")
      run.expect(run.shell("rk-cache highlights | jq -r 'select(.id == \"hl1\") | .color'") == "red\n", "shown red")
    },
    "rk-cache highlight --delete hl2 && rk-push": .runs(before: "rk-fetch --highlights | rk-cache store") { run in
      run.expect(run.records(kind: "highlight_deleted").map { $0["id"] } == ["hl2"], "deleted on the server")
      run.expect(run.shell("rk-cache pending").isEmpty, "nothing left to send")
    },
    "rk-cache add https://example.org/article --label later": .runs { run in
      let link = run.records(kind: "queued_link").first
      run.expect(link?["state"] == "queued" && link?["labels"] == ["later"], "queued with its label")
    },
    "rk-cache add - < reading-list.txt": .runs(
      before: "printf '# to read\\nhttps://example.org/a\\n\\nhttps://example.org/b\\n' > reading-list.txt"
    ) { run in
      run.expect(run.records(kind: "queued_link").count == 2, "two links queued")
    },
    "rk-cache ids --saved > saved.txt && rk-cache ids | rk-fetch --skip-ids - --also-ids saved.txt | rk-cache store":
      .runs(before: "rk-cache add https://example.org/saved-link && rk-push > /dev/null && sleep 1") { run in
        run.expect(run.stderr.contains("stored 1,"), "the saved link's article stored besides the newest")
        run.expect(run.shell("rk-cache ids --saved").isEmpty, "no saved link left to fetch")
      },
    "rk-cache highlights --since 7d | ail-log add --records": .runs(before: "rk-fetch --highlights | rk-cache store") {
      run in
      run.expect(run.stderr.contains("filed 1 entry"), "one entry for the article with two highlights")
    },
    "rk-fetch --highlights | rk-cache store": .runs { run in
      run.expect(run.stderr.contains("highlights: 2 kept, 0 removed"), "both highlights kept")
    },
    "rk-cache highlights --format markdown > Highlights.md": .runs(before: "rk-fetch --highlights | rk-cache store") {
      run in
      run.expect(run.file("Highlights.md")?.contains("> The first passage\n\nworth keeping\n") == true, "a quote")
    },
    "rk-cache highlights --since 7d --format csv > readwise.csv": .runs(
      before: "rk-fetch --highlights | rk-cache store"
    ) { run in
      let lines = run.file("readwise.csv")?.components(separatedBy: "\r\n") ?? []
      run.expect(lines.first == "Highlight,Title,Author,URL,Note,Location,Date" && lines.count == 4, "two rows")
    },
    "rk-cache highlights \(Sandbox.firstID) | jq -r .text": .runs(before: "rk-fetch --highlights | rk-cache store") {
      run in
      run.expect(run.lines == ["The first passage", "The second passage"], "the article's passages in order")
    },
    "rk-cache add https://example.org/article && rk-push": .runs { run in
      run.expect(run.records(kind: "created").count == 1, "created on the server")
      run.expect(run.shell("rk-cache pending").isEmpty, "nothing left to send")
    },
    "rk-cache pending | jq -r 'select(.kind == \"change\") | .id' | sort -u | wc -l": .runs(
      before: "rk-cache mark \(Sandbox.firstID) \(second) --favorite"
    ) { run in
      run.expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "two bookmarks")
    },
    "rk-cache store < changes.ndjson": .runs(
      before: "rk-fetch --since 2026-01-01T00:00:00Z --state all --limit 0 --metadata-only > changes.ndjson"
    ) { run in
      run.expect(run.stderr.contains("metadata of 21") || run.stderr.contains("metadata of 20"), "metadata followed")
    },
    #"rk-fetch --since "$(rk-cache last-sync)" --metadata-only | rk-cache store"#: .runs { run in
      run.expect(run.stderr.contains("stored 0, updated 0"), "nothing changed since the last sync")
    },
    "rk-prune --archived --keep 200": .runs(before: "rk-cache mark \(Sandbox.firstID) --archive && rk-push") { run in
      run.expect(run.storedArticles == 20, "the archived and pushed article went")
    },
    "rk-push": .runs(before: "rk-cache mark \(Sandbox.firstID) --archive") { run in
      run.expect(run.stderr.contains("pushed 1 change"), "the summary")
      run.expect(run.shell("rk-cache pending").isEmpty, "the queue is empty")
    },
    "rk-push && rk-prune --archived --keep 200": .runs(before: "rk-cache mark \(Sandbox.firstID) --archive") { run in
      run.expect(run.storedArticles == 20, "pushed, then pruned")
    },
    "rk-push --dry-run | jq -c .body": .runs(before: "rk-cache mark \(Sandbox.firstID) --archive") { run in
      run.expect(run.stdout == "{\"is_archived\":true}\n", "the PATCH body")
      run.expect(pendingFields(run) == ["is_archived"], "nothing sent")
    },
    #"rk-push | jq -c 'select(.kind == "conflict")'"#: .runs(before: "rk-cache mark \(Sandbox.firstID) --archive") {
      run in
      run.expect(run.stdout.isEmpty && run.shell("rk-cache pending").isEmpty, "no conflict: sent")
    },
  ]

  // MARK: ail-*

  static let ailo: [String: DocumentedExample] = mail.merging(transcribe) { $1 }.merging(ai) { $1 }.merging(catalog) {
    $1
  }

  /// The LLM fake answers with what it was asked: `[model] SYSTEM: … | USER: …`.
  static let asked = "SYSTEM: "
  static let replyPrompt = "Write a friendly, brief reply"

  static let mail: [String: DocumentedExample] = [
    "ail-mail body < message.eml | ail-ai --recipe Reply/Friendly": .runs { run in
      run.expect(run.stdout.contains(replyPrompt) && run.stdout.contains("anbei der Bericht"), "a drafted reply")
    },
    "ail-mail body < m.eml | ail-ai --recipe Mail/Reply/Friendly --var Tone=formal": .runs { run in
      run.expect(run.stdout.contains("in a formal tone"), "the variable filled in")
    },
    "notmuch show --format=raw id:… | ail-mail body --with-headers": .notRun("needs notmuch and its mail database"),
    "mbsync -a": .runs { run in
      run.expect(run.file("mbsync.log") == "-a\n", "mbsync run (a stub here)")
    },
    "ail-mail list ~/Mail/INBOX --unread --format table": .runs { run in
      run.expect(run.lines.count == 2 && run.lines[0].hasPrefix("DATE"), "a heading and the one unread message")
      run.expect(run.lines.last?.contains("Grüße direkt in UTF-8") == true, "its subject")
    },
    "ail-mail list ~/Mail/INBOX --format table --limit 20": .runs { run in
      run.expect(run.lines.count == 3, "a heading and both messages")
    },
    "ail-mail list ~/Mail/INBOX --flagged --sort from | jq -r .source": .runs { run in
      run.expect(run.lines.isEmpty, "nothing is flagged yet")
    },
    "ail-mail list ~/Mail/INBOX --unread --limit 1 | jq -r .source | xargs ail-mail show": .runs { run in
      run.expect(run.stdout.hasPrefix("From: Zoë Ünal <zoe@example.org>\n"), "the unread message shown")
    },
    "ail-mail list ~/Mail/INBOX --unread | jq -r .source | xargs ail-mail flag --seen": .runs { run in
      run.expect(run.stdout.hasSuffix("/Mail/INBOX/cur/2.host:2,S\n"), "moved to cur/ as seen")
      run.expect(run.file("Mail/INBOX/cur/2.host:2,S") != nil, "the renamed file")
    },
    "ail-mail flag --seen --flagged ~/Mail/INBOX/new/2.host": .runs { run in
      run.expect(run.file("Mail/INBOX/cur/2.host:2,FS") != nil, "renamed to cur/ with F and S")
    },
    "ail-mail flag --seen --replied ~/Mail/INBOX/new/2.host": .runs { run in
      run.expect(run.file("Mail/INBOX/cur/2.host:2,RS") != nil, "renamed to cur/ with R and S")
      run.expect(run.file("Mail/INBOX/new/2.host") == nil, "gone from new/")
    },
    "ail-mail show m.eml | less": .runs { run in
      run.expect(run.stdout.contains("Attachments:\n[1] image/png"), "the numbered attachments")
    },
    "ail-mail show message.eml | less": .runs { run in
      run.expect(run.stdout.contains("Subject: Nested multiparts\n\nHallo Team,"), "headers and text")
    },
    "ail-mail show --headers message.eml": .runs { run in
      run.expect(run.stdout.contains("Message-ID: <nested@example.org>"), "every header field")
    },
    "ail-mail show --part 1 message.eml > first-attachment": .runs { run in
      run.expect(run.shell("wc -c < first-attachment") == "70\n", "the PNG's 70 bytes")
    },
    "ail-mail save message.eml --to Downloads": .runs { run in
      run.expect(run.stdout.hasSuffix("Downloads/bericht.pdf\n") && run.lines.count == 2, "both attachments saved")
      run.expect(run.shell("ls Downloads | grep -v catalog") == "bericht.pdf\npart-1.png\n", "both in Downloads")
    },
    "ail-mail save m.eml --to ~/Downloads": .runs { run in
      run.expect(run.shell("ls Downloads | grep -v catalog") == "bericht.pdf\npart-1.png\n", "both saved")
    },
    "ail-mail save message.eml --part 2": .runs { run in
      run.expect(
        run.stdout == "./bericht.pdf\n" && run.shell("ls bericht.pdf") == "bericht.pdf\n", "the second attachment")
    },
    "ail-mail body m.eml | ail-ai --recipe Reply/Friendly | ail-mail reply --original m.eml | msmtp -t": .runs {
      run in
      let sent = run.file("msmtp.log") ?? ""
      run.expect(sent.contains("Subject: Re: Nested multiparts") && sent.contains("In-Reply-To:"), "a reply sent")
    },
    "ail-mail compose --to anna@example.org --subject Minutes --attach minutes.md tidy.md < note.txt | msmtp -t":
      .runs { run in
        let sent = run.file("msmtp.log") ?? ""
        run.expect(
          sent.contains("Subject: Minutes") && sent.contains("filename=\"minutes.md\"")
            && sent.contains("filename=\"tidy.md\""), "sent with both files")
        run.expect(sent.contains("teh note has a typo"), "the text of note.txt")
      },
    "ail-ai --preset Tidy < note.txt | ail-mail compose --to anna@example.org --subject Notes > draft.eml": .runs {
      run in
      run.expect(run.file("draft.eml")?.contains("Subject: Notes\n") == true, "a draft")
    },
    "ail-mail forward --original m.eml --to anna@example.org --as-attachment note.txt > fwd.eml": .runs { run in
      let draft = run.file("fwd.eml") ?? ""
      run.expect(
        draft.contains("Content-Type: message/rfc822") && draft.contains("Message-ID: <nested@example.org>"),
        "the original enclosed")
    },
    "ail-mail parse m.eml | ail-log add --records --category Mail": .runs { run in
      run.expect(notes(run, "--category Mail") == ["Nested multiparts|Mail|mail"], "the mail filed")
    },
    "ail-mail body --with-headers < message.eml | less": .runs { run in
      run.expect(run.stdout.contains("Subject: Nested multiparts"), "headers and body")
    },
    "ail-mail body message.eml": .runs { run in
      run.expect(run.stdout.contains("anbei der Bericht"), "the body")
    },
    "ail-mail parse message.eml": .runs { run in
      run.expect(run.records(kind: "mail").count == 1, "one record")
    },
    "ail-mail parse --maildir ~/Mail/INBOX/ | jq -r .subject": .runs { run in
      run.expect(run.lines.count == 2, "two subjects")
    },
    "ail-mail parse --mbox archive.mbox | jq -r 'select(.attachments | length > 0) | .subject'": .runs { run in
      run.expect(run.lines.count == 1, "the one message with attachments")
    },
    "ail-mail parse --mbox archive.mbox | ail-ai --field text --preset Summarize": .runs { run in
      run.expect(run.records(kind: "mail").filter { $0["ai_text"] != nil }.count == 2, "both summarised")
    },
    "ail-mail parse --maildir ~/Mail/INBOX | ail-ai --preset Summarize --concurrency 4 > summaries.ndjson": .runs {
      run in
      run.expect(run.file("summaries.ndjson")?.split(separator: "\n").count == 2, "two records")
      run.expect(run.file("summaries.ndjson")?.contains("ai_text") == true, "rewritten")
    },
    "ail-mail parse --maildir ~/Mail/INBOX | ail-ai --field text --preset Summarize --concurrency 4": .runs { run in
      run.expect(run.records(kind: "mail").filter { $0["ai_text"] != nil }.count == 2, "both summarised")
    },
    "ail-mail parse --maildir ~/Mail/INBOX | ail-ai --preset Summarize --field text": .runs { run in
      run.expect(run.records(kind: "mail").filter { $0["ai_text"] != nil }.count == 2, "both summarised")
    },
    "ail-mail body message.eml | ail-ai --recipe Reply/Friendly | ail-mail reply --original message.eml | msmtp -t":
      .runs { run in
        run.expect(run.file("msmtp.log")?.contains("Subject: Re: Nested multiparts") == true, "a reply sent")
      },
    "ail-mail body m.eml | ail-ai --recipe Reply/Friendly | ail-mail reply --original m.eml --all > draft.eml": .runs {
      run in
      run.expect(run.file("draft.eml")?.contains("Subject: Re: Nested multiparts") == true, "a draft")
    },
    "ail-mail body m.eml | ail-ai --recipe Forward/Brief | ail-mail forward --original m.eml --to anna@example.org | msmtp -t":
      .runs { run in
        let sent = run.file("msmtp.log") ?? ""
        run.expect(
          sent.contains("Subject: Fwd: Nested multiparts") && sent.contains("To: anna@example.org"), "a forward sent")
      },
    "ail-mail reply --original message.eml answer.txt | msmtp -t": .runs { run in
      run.expect(run.file("msmtp.log")?.contains("Thanks, see you on Monday.") == true, "the answer sent")
    },
  ]

  static let transcribe: [String: DocumentedExample] = [
    "ail-transcribe memo.m4a --format text": .runs { run in
      run.expect(run.lines.count == 4, "four chunks of text")
    },
    "ail-transcribe memo.m4a --format text | ail-ai --preset Tidy": .runs { run in
      run.expect(run.stdout.contains(asked + "Turn the following note"), "tidied with the Tidy preset")
    },
    "ail-transcribe --segments-only interview.wav | jq -c '[.start, .end]'": .runs { run in
      run.expect(run.lines.count == 4 && run.lines.allSatisfy { $0.hasPrefix("[") }, "four segments")
    },
    "arecord -f S16_LE -r 16000 -c 1 | ail-transcribe --live -": .notRun("needs a microphone"),
    "ail-transcribe --engine openai --base-url https://api.openai.com/v1 --language de-DE talk.mp3 --format srt":
      .notRun(
        realServer),
    "ail-transcribe --engine openai --base-url https://api.openai.com/v1 --language de-DE talk.mp3 --format srt > talk.srt":
      .notRun(realServer),
    "ail-transcribe --engine whisper-server --base-url http://localhost:8080 interview.flac": .notRun(
      "needs a whisper.cpp server on localhost:8080"),
    // faster-whisper itself runs in AilTranscribeFasterWhisperTests, from the speech venv.
    "ail-transcribe --engine faster-whisper --python ~/.local/share/ailo/venv/bin/python --model small memo.m4a":
      .notRun(fasterWhisper),
    "ail-transcribe --engine faster-whisper --model-dir ~/models/whisper-tiny.en talk.wav --format srt --cue-max 5":
      .notRun(fasterWhisper),
    "python3 -m venv ~/.local/share/ailo/venv && ~/.local/share/ailo/venv/bin/pip install faster-whisper": .notRun(
      "installs faster-whisper from PyPI"),
    "printf '[ail-transcribe]\\nengine = faster-whisper\\npython = %s\\nmodel = small\\n' ~/.local/share/ailo/venv/bin/python >> ~/.config/ailo/config":
      .notRun(fasterWhisper),
    "ail-transcribe --download memo.m4a": .notRun("fetches a model from Hugging Face"),
    "make -f scripts/ail.mk MEMOS=~/Memos": .runs { run in
      let filed = run.shell("ail-log list --tag memo | jq -r .content")
      run.expect(filed.contains(asked + "Turn the following note"), "the memo, tidied, in the notes store")
    },
  ]

  static let ai: [String: DocumentedExample] = [
    "ail-ai --preset Proofread --diff < note.txt": .runs { run in
      run.expect(run.stdout.contains("--- ") && run.stdout.contains("+++ "), "a unified diff")
    },
    "ail-ai --preset Proofread --diff note.txt": .runs { run in
      run.expect(run.stdout.contains("--- ") && run.stdout.contains("-teh note has a typo"), "a unified diff")
    },
    "rk-cache text WNBGvKQgFsLwHwy4i89q53 | ail-ai --recipe Articles/Summary --chunk 100 --dry-run": .runs { run in
      run.expect(run.stdout.contains("pieces of at most 100 tokens"), "the plan of the pieces")
      run.expect(run.stdout.contains("combined by the same prompt"), "a summary combines")
      run.expect(run.stdout.contains("POST "), "the first piece's request")
    },
    "ail-mail body message.eml | ail-ai --recipe Mail/Analyze/Tasks | ail-log add --records": .runs { run in
      run.expect(run.stderr.contains("filed 1 entry"), "the fake's one task filed as an entry")
    },
    "ail-mail body < m.eml | ail-ai --recipe Mail/Reply/Friendly > draft.txt": .runs { run in
      run.expect(run.file("draft.txt")?.contains(replyPrompt) == true, "the drafted reply")
    },
    "ail-ai --continue 'Shorter, and in German.'": .runs(
      before: "ail-ai --system 'Draft a reply.' < text.txt > /dev/null"
    ) { run in
      run.expect(run.stdout.contains("USER: Shorter, and in German."), "the new instruction sent")
    },
    "ail-ai history --format table": .runs(before: "ail-ai --system 'Draft a reply.' < text.txt > /dev/null") { run in
      run.expect(run.stdout.contains("Ein kurzer Text."), "the exchange listed")
    },
    "ail-ai history invoice": .runs(before: "echo 'The invoice is due.' | ail-ai --system 'Tidy.' > /dev/null") {
      run in
      run.expect(run.records(kind: "ai_exchange").count == 1, "the exchange that mentions an invoice")
    },
    "ail-ai --system 'Translate to English.' --dry-run < text.txt": .runs { run in
      run.expect(run.stdout.hasPrefix("POST ") && run.stdout.contains("Translate to English."), "the request")
    },
    "ail-ai --base-url http://localhost:11434 --model llama3.2 --system 'Tidy this note.' --dry-run < note.txt": .runs {
      run in
      run.expect(run.stdout.contains("localhost:11434") && run.stdout.contains("Tidy this note."), "the request")
    },
    "ail-ai --base-url https://api.openai.com/v1 --model gpt-4o-mini --api-key-env OPENAI_API_KEY --system 'Tidy this note.' --dry-run < note.txt":
      .runs(before: "export OPENAI_API_KEY=sk-doc-example-0000") { run in
        run.expect(run.stdout.contains("https://api.openai.com/v1/chat/completions"), "the request")
        run.expect(!run.stdout.contains("sk-doc-example-0000"), "the key is not shown")
      },
    "ail-ai providers add local --base-url http://localhost:11434 --model llama3.2": .runs(
      before: "rm .config/ailo/providers.json"
    ) { run in
      run.expect(run.shell("ail-ai providers list").contains("http://localhost:11434"), "the provider")
    },
    "ail-ai providers add openai --base-url https://api.openai.com/v1 --model gpt-4o-mini --api-key-cmd 'pass show openai' --temperature omit --fallback local:llama3.2 --default":
      .runs { run in
        run.expect(run.shell("ail-ai providers list").contains("* openai") || defaultIs("openai", run), "the default")
      },
    "ail-ai providers add openai --base-url https://api.openai.com/v1 --model gpt-4o-mini --api-key-cmd 'pass show openai' --fallback local:llama3.2":
      .runs { run in
        run.expect(run.shell("ail-ai providers list").contains("openai"), "the provider")
      },
    "ail-ai providers default openai": .runs(
      before: "ail-ai providers add openai --base-url https://api.openai.com/v1 --model gpt-4o-mini"
    ) { run in
      run.expect(defaultIs("openai", run), "the default")
    },
    "ail-ai providers test openai": .notRun(realServer),
    "ail-ai models --provider local": .runs { run in
      run.expect(run.stdout.contains("llama3.2"), "the fake's model")
    },
  ]

  static func defaultIs(_ name: String, _ run: ExampleRun) -> Bool {
    run.shell("ail-ai providers list").split(separator: "\n").contains { $0.hasPrefix("*") && $0.contains(name) }
  }

  static let proofread = "Correct the spelling"

  static let catalog: [String: DocumentedExample] = [
    "ail-ai catalog init": .runs(before: "rm .local/share/ailo/catalog.json") { run in
      run.expect(run.shell("ail-ai catalog list").contains("Proofread"), "the presets")
    },
    "ail-ai catalog init && ail-ai catalog tree": .runs { run in
      run.expect(run.stdout.contains("Articles") && run.stdout.contains("Friendly"), "the tree")
    },
    "ail-ai catalog init && ail-ai prompt --recipe Reply/Friendly --var Tone=formal": .runs { run in
      run.expect(run.stdout.contains("in a formal tone"), "the prompt")
    },
    "ail-ai catalog add-cookbook Office --chapter Mail --chapter Notes --keywords 'Company: ACME'": .runs { run in
      run.expect(run.shell("ail-ai catalog list cookbooks").contains("Office"), "the cookbook")
    },
    "ail-ai catalog add-folder Internal --parent Mail --icon 🏢 --keywords 'Tone: casual'": .runs { run in
      run.expect(run.shell("ail-ai catalog list folders").contains("Mail/Internal"), "the folder")
    },
    "ail-ai catalog add-preset Formal --folder Mail/Reply --text 'Reply formally to {{Name|them}}.'": .runs { run in
      run.expect(run.shell("ail-ai prompt --preset Formal") == "Reply formally to them.\n", "the preset")
    },
    "ail-ai catalog add-preset Short --folder Mail/Reply --text 'Reply in two sentences.'": .runs { run in
      run.expect(run.shell("ail-ai catalog show Short").contains("Reply in two sentences."), "the preset")
    },
    "ail-ai catalog add-preset Style --file style.txt --default": .runs { run in
      run.expect(run.shell("ail-ai prompt").contains("Write in a plain, calm style."), "the new default")
    },
    "ail-ai catalog add-recipe 'Careful reply' --item Mail/Reply --item Reply/Friendly --item Notes/Proofread": .runs {
      run in
      let prompt = run.shell("ail-ai prompt --recipe 'Careful reply'")
      run.expect(prompt.contains(replyPrompt) && prompt.contains(proofread), "both presets")
    },
    "ail-ai catalog add-recipe 'Careful reply' --item Mail/Reply/Friendly --item Notes/Proofread": .runs { run in
      let prompt = run.shell("ail-ai prompt --recipe 'Careful reply'")
      run.expect(prompt.contains(replyPrompt) && prompt.contains(proofread), "both presets")
    },
    #"ail-ai catalog add-recipe 'Two lines' --item Short --separator '\n---\n' --cookbook Office --chapter Mail"#:
      .runs(
        before:
          "ail-ai catalog add-preset Short --folder Mail/Reply --text 'Reply in two sentences.' && ail-ai catalog add-cookbook Office --chapter Mail"
      ) { run in
        run.expect(run.shell("ail-ai catalog list recipes").contains("Two lines"), "the recipe")
      },
    "ail-ai catalog edit Friendly --file friendly.txt": .runs { run in
      run.expect(run.shell("ail-ai catalog show Friendly").contains("Reply warmly and briefly."), "the new text")
    },
    "ail-ai catalog edit Mail/Reply --keywords 'Tone: warm'": .runs { run in
      run.expect(run.shell("ail-ai prompt --recipe Mail/Reply/Friendly").contains("in a warm tone"), "the keyword")
    },
    "ail-ai catalog edit Proofread --default": .runs(before: "ail-ai catalog edit Tidy --default") { run in
      run.expect(run.shell("ail-ai prompt").contains(proofread), "the default again")
    },
    "ail-ai catalog export | jq '.presets[].name'": .runs { run in
      run.expect(run.stdout.contains("\"Proofread\""), "the names")
    },
    "ail-ai catalog export ~/catalog-export.json": .runs { run in
      run.expect(run.file("catalog-export.json")?.contains("Proofread") == true, "the file")
    },
    "ail-ai catalog import --merge shared.json": .runs { run in
      let names = run.shell("ail-ai catalog list")
      run.expect(names.contains("Shared one") && names.contains("Proofread"), "merged")
    },
    "ail-ai catalog import ~/Downloads/catalog-export.json": .runs(
      before: "ail-ai catalog rm Mail/Reply/Friendly --force"
    ) { run in
      run.expect(run.shell("ail-ai catalog list").contains("Friendly"), "the exported catalog back")
    },
    "ail-ai catalog list": .runs { run in
      run.expect(run.stdout.contains("Proofread") && run.stdout.contains("Summary"), "the presets")
    },
    "ail-ai catalog list folders | cut -f1": .runs { run in
      run.expect(run.lines.contains("Mail/Reply") && run.lines.contains("Articles"), "the folders")
    },
    "ail-ai catalog list recipes --json | jq -r .name": .runs(
      before: "ail-ai catalog add-recipe Pair --item Notes/Proofread"
    ) { run in
      run.expect(run.lines == ["Pair"], "the recipe's name")
    },
    "ail-ai catalog move General --root --order=-1": .runs { run in
      run.expect(run.shell("ail-ai catalog list folders | cut -f1 | grep -v /").hasPrefix("General\n"), "first")
    },
    "ail-ai catalog move Mail/Reply/Short --to Notes": .runs(
      before: "ail-ai catalog add-preset Short --folder Mail/Reply --text 'Reply in two sentences.'"
    ) { run in
      run.expect(run.shell("ail-ai catalog show Notes/Short").contains("two sentences"), "moved")
    },
    "ail-ai catalog rm Mail/Reply/Short": .runs(
      before: "ail-ai catalog add-preset Short --folder Mail/Reply --text 'Reply in two sentences.'"
    ) { run in
      run.expect(!run.shell("ail-ai catalog list").contains("Short"), "removed")
    },
    "ail-ai catalog rm Notes --recursive --force": .runs { run in
      run.expect(!run.shell("ail-ai catalog list folders").contains("Notes"), "removed")
    },
    "ail-ai catalog show Friendly": .runs { run in
      run.expect(run.stdout.contains(replyPrompt), "the text")
    },
    "ail-ai catalog show Notes --type recipe": .runs(before: "ail-ai catalog add-recipe Notes --item Notes/Tidy") {
      run in
      run.expect(run.stdout.contains("Notes/Tidy") || run.stdout.contains("Tidy"), "the recipe, not the folder")
    },
    "ail-ai catalog tree": .runs { run in
      run.expect(run.stdout.contains("Mail") && run.stdout.contains("Proofread"), "the tree")
    },
    "ail-ai prompt": .runs { run in
      run.expect(run.stdout.contains(proofread), "the default preset")
    },
    "ail-ai prompt --recipe Mail/Reply/Friendly --var Tone=formal": .runs { run in
      run.expect(run.stdout.contains("in a formal tone"), "the prompt")
    },
    "ail-ai prompt --recipe Reply/Friendly --verbose": .runs { run in
      run.expect(
        run.stdout.contains(replyPrompt) && run.stderr.contains("from menu path Mail/Reply/Friendly"),
        "the prompt and where it came from")
    },
  ]

  // MARK: ail-log

  /// What `ail-log list` (records) holds, one line per entry: "title|category|tags".
  static func notes(_ run: ExampleRun, _ options: String = "") -> [String] {
    run.shell(
      "ail-log list --limit 0 \(options) | jq -r '.title + \"|\" + (.category // \"\") + \"|\" + (.tags | join(\",\"))'"
    )
    .split(separator: "\n").map(String.init)
  }

  static func note(_ run: ExampleRun) -> String { run.shell("ail-log show 3F2A") }

  static let notesStore: [String: DocumentedExample] = [
    "ail-log add 'Call the plumber about the boiler' --title Plumber --tag home --remind 'tomorrow 9:00'": .runs {
      run in
      run.expect(notes(run, "--upcoming").contains("Plumber|General|home"), "an entry with a reminder to come")
    },
    "ail-log add 'Call the plumber' --title Plumber --remind 'tomorrow 9:00'": .runs { run in
      run.expect(notes(run, "--upcoming").contains("Plumber|General|"), "an entry with a reminder to come")
    },
    "ail-log add 'Milk, eggs, bread' --title Shopping --tag home": .runs { run in
      run.expect(notes(run, "--tag home").contains("Shopping|General|home"), "the entry")
    },
    "ail-log add 'Call the plumber about the boiler'": .runs { run in
      run.expect(notes(run, "").contains("Call the plumber about the boiler|General|"), "titled with its text")
    },
    "ail-log add - --title Minutes --category Work < minutes.md": .runs { run in
      run.expect(notes(run, "--category Work").contains("Minutes|Work|"), "the entry")
      run.expect(run.shell("ail-log search budget").contains("Minutes"), "its text searchable")
    },
    "ail-log add --title Memo --audio memo.m4a --remind 'fri 17:00'": .runs { run in
      let id = run.shell("ail-log list --limit 0 | jq -r 'select(.title == \"Memo\") | .id'")
      let path = run.shell("ail-log audio \(id)").trimmingCharacters(in: .newlines)
      run.expect(FileManager.default.contentsEqual(atPath: path, andPath: run.sandbox.home + "/memo.m4a"), "stored")
    },
    "ail-log add --title 'Memo' --audio memo.m4a --remind 'fri 17:00'": .runs { run in
      run.expect(notes(run, "--upcoming").contains("Memo|General|"), "an entry with a reminder to come")
    },
    "ail-log categories --format table": .runs { run in
      run.expect(run.stdout.contains("General") && run.stdout.contains("Work"), "the categories")
    },
    "ail-log categories add Work --color '#3366ff'": .runs(before: "ail-log categories remove Work || true") { run in
      run.expect(run.shell("ail-log categories --format table").contains("#3366ff"), "its colour")
    },
    "ail-log categories rename Work Job": .runs { run in
      run.expect(notes(run, "--category Job").contains("Team meeting|Job|work"), "the entry moved with it")
    },
    "ail-log due --format table && notify-send 'Notes due'": .runs { run in
      run.expect(run.stdout.contains("Boiler") && run.file("notify-send.log") == "Notes due\n", "due, and told")
    },
    #"ail-log due --format table > due.txt && notify-send Due "$(cat due.txt)""#: .runs { run in
      run.expect(run.file("notify-send.log")?.contains("Boiler") == true, "told what is due")
    },
    #"*/15 * * * * ail-log due --format table > /tmp/due && notify-send 'Notes due' "$(cat /tmp/due)""#: .notRun(
      "a crontab line; the same command runs above"),
    "ail-log edit 3F2A": .runs { run in
      run.expect(note(run).hasPrefix("# Boiler repair"), "the editor's change (the nano stand-in renames it)")
    },
    "EDITOR=nano ail-log edit 3F2A": .runs { run in
      run.expect(note(run).hasPrefix("# Boiler repair"), "the editor's change")
    },
    "ail-log edit 3F2A --add-tag urgent --remind 'in 2h'": .runs { run in
      run.expect(notes(run, "--upcoming").contains("Boiler|General|home,urgent"), "tagged, reminder to come")
    },
    "ail-log edit 3F2A --content - < tidy.md": .runs { run in
      run.expect(run.shell("ail-log show 3F2A --content") == "Call the plumber about the boiler, tidied.\n", "new text")
      run.expect(run.shell("ail-log history 3F2A").contains("Tuesday"), "the old text kept as a version")
    },
    "ail-log history 3F2A": .runs(before: "echo 'Second text.' | ail-log edit 3F2A --content -") { run in
      run.expect(run.stdout.contains("Tuesday"), "the earlier version")
    },
    "ail-log revert 3F2A": .runs(before: "echo 'Second text.' | ail-log edit 3F2A --content -") { run in
      run.expect(run.shell("ail-log show 3F2A --content").contains("Tuesday"), "the old text back")
    },
    "ail-log revert 3F2A --to 1": .runs(before: "echo 'Second text.' | ail-log edit 3F2A --content -") { run in
      run.expect(run.shell("ail-log show 3F2A --content").contains("Tuesday"), "version 1 back")
    },
    "ail-log export --to backup": .runs { run in
      run.expect(run.file("backup/log.ndjson")?.contains("Boiler") == true, "the export")
    },
    "ail-log export --to backup && ail-log import backup --db copy.sqlite": .runs { run in
      run.expect(run.shell("ail-log list --db copy.sqlite --limit 0 | wc -l") == "2\n", "both entries in the copy")
    },
    "ail-log import backup": .runs(before: "ail-log export --to backup && ail-log rm 3F2A --yes") { run in
      run.expect(note(run).hasPrefix("# Boiler"), "back")
    },
    "ail-log export --format markdown --to notes": .runs { run in
      run.expect(run.shell("grep -l 'title: \"Boiler\"' notes/*.md | wc -l") == "1\n", "a Markdown file per entry")
    },
    "ail-log export | jq -r .title": .runs { run in
      run.expect(Set(run.lines) == ["Boiler", "Team meeting"], "the titles")
    },
    "ail-log import --format ailo LogEntries.json": .runs { run in
      run.expect(notes(run).contains("From the app|General|app"), "the app's entry")
    },
    "ail-log list --category Mail --since '7d ago'": .runs(
      before: "ail-mail parse msg.eml | ail-log add --records --category Mail"
    ) { run in
      run.expect(run.records(kind: "log_entry").map { $0["title"]?.stringValue } == ["Nested multiparts"], "the mail")
    },
    "ail-log list --limit 20 --format table": .runs { run in
      run.expect(run.stdout.contains("Boiler") && run.stdout.contains("Team meeting"), "the entries")
    },
    "ail-log list --upcoming --format table": .runs(before: "ail-log edit 3F2A --remind 'in 2h'") { run in
      run.expect(run.stdout.contains("Boiler") && !run.stdout.contains("Team meeting"), "the reminder to come")
    },
    "ail-log mail 3F2A --to anna@example.org | msmtp -t": .runs { run in
      let sent = run.file("msmtp.log") ?? ""
      run.expect(sent.contains("To: anna@example.org") && sent.contains("Subject: Boiler"), "the note sent")
    },
    "ail-log mail 3F2A --to me@example.org --from 'Me <me@example.org>' > note.eml": .runs { run in
      run.expect(run.file("note.eml")?.contains("From: Me <me@example.org>") == true, "a message")
    },
    "ail-log rm 3F2A 77B0 --yes": .runs { run in
      run.expect(notes(run).isEmpty, "both gone")
    },
    "ail-log search 'cafe muller'": .runs { run in
      run.expect(run.stdout.contains("[Café] [Müller]"), "folded, with a snippet")
    },
    "ail-log search 'cafe'": .runs { run in
      run.expect(run.stdout.contains(Sandbox.noteID), "the entry")
    },
    "ail-log search 'plumber tuesday'": .runs { run in
      run.expect(run.stdout.contains(Sandbox.noteID), "both words")
    },
    "ail-log search 'title:meeting OR tags:work' --limit 5": .runs { run in
      run.expect(run.stdout.contains("77B0C2D4") && !run.stdout.contains(Sandbox.noteID), "FTS5 syntax")
    },
    "ail-log show 3F2A": .runs { run in
      run.expect(run.stdout.hasPrefix("# Boiler") && run.stdout.contains("Tuesday"), "Markdown with a header")
    },
    "ail-log show 3F2A --content | wc -w": .runs { run in
      run.expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "11", "the words of the text alone")
    },
    "ail-log show 3F2A --content | ail-ai --recipe Notes/Tidy --diff": .runs { run in
      run.expect(run.stdout.contains("-Call the plumber about the boiler"), "the preview")
    },
    "ail-log show 3F2A --content | ail-ai --recipe Notes/Tidy > tidy.md": .runs { run in
      run.expect(run.file("tidy.md")?.contains("Turn the following note") == true, "the rewrite")
    },
    "ail-log show 3F2A --content | ail-ai --recipe Notes/Tidy | ail-log edit 3F2A --content -": .runs { run in
      run.expect(run.shell("ail-log show 3F2A --content").contains("Turn the following note"), "accepted")
      run.expect(run.shell("ail-log history 3F2A").contains("Tuesday"), "the old text kept")
    },
    "ail-log tags --format table": .runs { run in
      run.expect(run.stdout.contains("home") && run.stdout.contains("work"), "the tags")
    },
    "ail-mail parse msg.eml | ail-log add --records --category Mail": .runs { run in
      run.expect(notes(run, "--category Mail") == ["Nested multiparts|Mail|mail"], "the mail filed")
    },
    "ail-transcribe memo.m4a | ail-log add --records --tag memo": .runs { run in
      run.expect(notes(run, "--tag memo").count == 1, "the memo filed")
    },
    "ail-transcribe memo.m4a | ail-log add --records --category Voice --tag memo": .runs { run in
      run.expect(notes(run, "--category Voice").count == 1, "the memo filed")
    },
    "make -f scripts/ail.mk MEMOS=~/Memos RECIPE=Notes/Tidy CATEGORY=Voice TAGS='memo work'": .runs { run in
      run.expect(notes(run, "--category Voice").first?.hasSuffix("|Voice|memo,work") == true, "filed")
    },
    #"mpv "$(ail-log audio 3F2A)""#: .notRun("needs mpv and a sound device"),
  ]

  // MARK: The fakes

  /// Up to ten seconds for a fake started in the background to print its URL.
  static let waitForURL = "for _ in $(seq 100); do [ -s url.txt ] && break; sleep 0.1; done"

  static let fakes: [String: DocumentedExample] = [
    "readeck-fake --count 100 --latency-ms 50 --token demo > url.txt &": .runs(after: waitForURL) { run in
      run.expect(run.file("url.txt")?.hasPrefix("http://127.0.0.1:") == true, "its URL in url.txt")
    },
    #"rk-fetch --server "$(head -1 url.txt)" --limit 0"#: .runs(
      before: """
        export READECK_TOKEN=demo
        readeck-fake --count 100 --token demo > url.txt &
        \(waitForURL)
        """
    ) { run in
      run.expect(run.records(kind: "article").count == 80, "every unread article of 100")
    },
    "llm-fake --flavor ollama --model llama3.2 --echo > url.txt &": .runs(after: waitForURL) { run in
      run.expect(run.file("url.txt")?.hasPrefix("http://127.0.0.1:") == true, "its URL in url.txt")
    },
    #"curl -sN $(cat url.txt)/api/generate -d '{"model":"llama3.2","prompt":"hi"}'"#: .runs(
      before: """
        llm-fake --flavor ollama --model llama3.2 --echo > url.txt &
        \(waitForURL)
        """
    ) { run in
      run.expect(run.stdout.contains("\"done\":true") && run.stdout.contains("hi"), "a streamed answer")
    },
    "llm-fake --chunk-delay-ms 20 --first-byte-delay-ms 300 --api-key sk-demo": .serves { run in
      run.expect(run.stdout.hasPrefix("http://127.0.0.1:"), "its URL")
    },
  ]
}
