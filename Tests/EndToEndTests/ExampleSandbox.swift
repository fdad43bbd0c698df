import Foundation
import ReadeckFake
import TestSupport
import Testing
import Wire

/// What one documented example needs besides its command: shell lines run before it in the same
/// shell (the state the documentation assumes), the status it ends with, and the documented
/// effect, checked on the result.
struct ExampleStep: Sendable {
  var before = ""
  /// Shell lines run after it, before its background jobs are stopped.
  var after = ""
  /// The example starts a server and keeps running: it is started in the background, given ten
  /// seconds to print its first line, then stopped.
  var serves = false
  var status: Int32 = 0
  var check: @Sendable (ExampleRun) -> Void
}

enum DocumentedExample: Sendable {
  case runs(ExampleStep)
  /// Not run here, and why: a real server, hardware, or set-up CI does itself.
  case notRun(String)

  static func runs(
    before: String = "", after: String = "", status: Int32 = 0, _ check: @escaping @Sendable (ExampleRun) -> Void
  ) -> Self {
    .runs(ExampleStep(before: before, after: after, status: status, check: check))
  }

  static func serves(_ check: @escaping @Sendable (ExampleRun) -> Void) -> Self {
    .runs(ExampleStep(serves: true, check: check))
  }
}

/// A finished example: its output, and the sandbox it ran in to look at what it left behind.
struct ExampleRun: Sendable {
  let command: String
  let status: Int32
  let stdout: String
  let stderr: String
  let sandbox: Sandbox

  var lines: [Substring] { stdout.split(separator: "\n") }

  /// The lines of stdout that are JSON, parsed; other lines (text the example prints) left out.
  var records: [JSONValue] {
    lines.compactMap { line in try? Array(line.utf8).withUnsafeBytes { try WireCoding.parse($0) } }
  }

  func records(kind: String) -> [JSONValue] { records.filter { $0["kind"]?.stringValue == kind } }

  /// A file the example left, relative to the sandbox's home.
  func file(_ path: String) -> String? {
    try? String(contentsOfFile: sandbox.home + "/" + path, encoding: .utf8)
  }

  /// A command run afterwards in the same sandbox, to look at the state: its standard output.
  func shell(_ command: String) -> String {
    (try? sandbox.run(command, ExampleStep(check: { _ in })).stdout) ?? ""
  }

  /// The articles in the sandbox's default store.
  var storedArticles: Int64 {
    let stats = shell("rk-cache stats --json")
    return (try? Array(stats.utf8).withUnsafeBytes { try WireCoding.parse($0) })?["count"]?.intValue ?? -1
  }

  /// Expects `text` in the output, naming the example when it is not.
  func expect(_ condition: Bool, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      condition, "\(command): \(what)\nstdout: \(stdout.prefix(800))\nstderr: \(stderr.prefix(800))",
      sourceLocation: sourceLocation)
  }
}

/// A user's home after set-up and a first sync: the tools installed by `scripts/install`, a
/// store of 20 articles from the Readeck fake (and one written by hand about Swift), a provider
/// `local` on the LLM fake, the default prompt catalog, and the files the examples name.
/// Programs that would leave the machine or open windows (xdg-open, msmtp) are stand-ins that
/// write down what they were given.
struct Sandbox: Sendable {
  static let token = "doc-example-token-5c1e"
  static let firstID = "WNBGvKQgFsLwHwy4i89q53"
  /// The notes store's entry the ail-log examples name by its start, 3F2A; due since November 1.
  static let noteID = "3F2A6B1C-0D4E-4F50-8A61-7B2C3D4E5F60"

  /// Holds `prefix` (the installed tools), `stubs` and the homes.
  let root: String
  let home: String
  let readeck: String
  /// The locale's variables, e.g. `LANG=de_DE.UTF-8`; none for the C locale.
  var locale: [String: String] = [:]

  var environment: [String: String] {
    locale.merging([
      "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
      "XDG_CACHE_HOME": home + "/.cache", "PATH": "\(root)/stubs:\(root)/prefix/bin:/usr/bin:/bin",
      "READECK_URL": readeck, "READECK_TOKEN": Self.token, "EMAIL": "Me <me@example.org>", "TERM": "dumb",
      "EDITOR": "nano",
    ]) { _, fixed in fixed }
  }

  /// A fresh home, a copy of this one, sharing the installed tools, in `locale`.
  func copy(locale: [String: String] = [:]) throws -> Sandbox {
    let copy = root + "/home-" + UUID().uuidString
    let result = try DocumentedExampleTests.shell("cp -a \"$0\" \"$1\"", [home, copy], environment: environment)
    guard result.status == 0 else { throw SandboxError("copying the home: \(result.stderr)") }
    return Sandbox(root: root, home: copy, readeck: readeck, locale: locale)
  }

  func run(_ command: String, _ step: ExampleStep) throws -> ExampleRun {
    var script = "cd \"$HOME\"\n" + step.before + "\n"
    if step.serves {
      script += """
        \(command) > served.txt 2>&1 &
        server=$!
        for _ in $(seq 100); do [ -s served.txt ] && break; sleep 0.1; done
        kill $server; wait $server 2>/dev/null
        cat served.txt
        """
    } else {
      script += command + "\n"
    }
    script += "\nstatus=$?\n" + step.after + "\njobs -p | xargs -r kill 2>/dev/null\nexit $status\n"
    let result = try DocumentedExampleTests.shell(script, [], environment: environment)
    return ExampleRun(
      command: command, status: result.status, stdout: result.stdout, stderr: result.stderr, sandbox: self)
  }

  /// Installs the tools the way the README does (`scripts/install`, here from the binaries the
  /// test run built) and makes the home.
  static func template(readeck: String, llm: String) throws -> Sandbox {
    let root = TemporaryFolder.path("rk-doc-examples")
    let home = root + "/home"
    let fixtures = DocumentedExampleTests.repository.appendingPathComponent("Tests").path
    let repository = DocumentedExampleTests.repository.path
    let sandbox = Sandbox(root: root, home: home, readeck: readeck)
    let swiftArticle: JSONValue = [
      "kind": "article", "id": "swift-actors",
      "html": "<h1>Swift concurrency and actors</h1><p>Actors in Swift, compared with C++ templates.</p>",
      "bookmark": ["title": "Swift concurrency and actors", "url": "https://example.org/swift-actors"],
      "fetched_at": "2026-11-20T10:00:00Z",
    ]
    let setUp = """
      set -e
      mkdir -p "$0/stubs" "$HOME"
      "$1/scripts/install" --from "$2" --prefix "$0/prefix" > "$0/install.log"
      printf '#!/bin/sh\\necho "$@" >> "$HOME/xdg-open.log"\\n' > "$0/stubs/xdg-open"
      printf '#!/bin/sh\\ncat >> "$HOME/msmtp.log"\\n' > "$0/stubs/msmtp"
      printf '#!/bin/sh\\necho "$@" >> "$HOME/mbsync.log"\\n' > "$0/stubs/mbsync"
      printf '#!/bin/sh\necho "$@" >> "$HOME/notify-send.log"\n' > "$0/stubs/notify-send"
      cat > "$0/stubs/nano" <<'STUB'
      #!/bin/sh
      sed -i 's/^title: .*/title: "Boiler repair"/' "$1"
      STUB
      chmod +x "$0/stubs/xdg-open" "$0/stubs/msmtp" "$0/stubs/mbsync" "$0/stubs/notify-send" "$0/stubs/nano"
      cd "$HOME"
      ln -s "$1/scripts" scripts
      printf 'sync:\\n\\ttouch synced\\n' > Makefile
      ail-ai providers add local --base-url "$3" --type ollama --model llama3.2 --default
      ail-ai catalog init > /dev/null
      rk-fetch > articles.ndjson
      rk-extract-images --embed < articles.ndjson | rk-cache store
      printf '%s\\n' "$4" | rk-cache store
      rk-cache export a.zip
      mkdir -p backup Downloads Memos Mail/INBOX/cur Mail/INBOX/new Mail/INBOX/tmp
      cp a.zip backup/readkeep.zip
      ail-ai catalog export Downloads/catalog-export.json
      printf '%s\n' "$6" > notes.ndjson
      ail-log import notes.ndjson > /dev/null
      printf '# Minutes\n\nWe agreed on the budget.\n' > minutes.md
      printf 'Call the plumber about the boiler, tidied.\n' > tidy.md
      printf '%s\n' "$7" > LogEntries.json
      cp "$5/MailTests/Fixtures/03-nested.eml" msg.eml
      cp "$5/MailTests/Fixtures/03-nested.eml" message.eml
      cp "$5/MailTests/Fixtures/03-nested.eml" m.eml
      cp "$5/MailTests/Fixtures/05-base64-text.eml" Mail/INBOX/cur/1.host:2,S
      cp "$5/MailTests/Fixtures/13-utf8-headers.eml" Mail/INBOX/new/2.host
      for name in 02-quoted-printable.eml 04-rfc2231.eml; do
        echo 'From sender@example.org Mon Jan  1 00:00:00 2024'; cat "$5/MailTests/Fixtures/$name"; echo
      done > archive.mbox
      cp "$5/Fixtures/Audio/long.m4a" memo.m4a
      cp "$5/Fixtures/Audio/long.m4a" Memos/memo.m4a
      cp "$5/Fixtures/Audio/long16.wav" interview.wav
      echo 'teh note has a typo' > note.txt
      echo 'Ein kurzer Text.' > text.txt
      echo 'Thanks, see you on Monday.' > answer.txt
      echo 'Write in a plain, calm style.' > style.txt
      echo 'Reply warmly and briefly.' > friendly.txt
      ail-ai catalog add-preset 'Shared one' --text 'Shared text.' --catalog "$0/shared/catalog.json" > /dev/null
      ail-ai catalog export shared.json --catalog "$0/shared/catalog.json"
      """
    let notes = [
      #"{"kind":"log_entry","id":"\#(Self.noteID)","title":"Boiler","content":"Call the plumber about the boiler on Tuesday at Café Müller.\n","category":"General","tags":["home"],"reminder":"2026-11-01T09:00:00Z","created_at":"2026-11-20T10:00:00Z","updated_at":"2026-11-20T10:00:00Z"}"#,
      #"{"kind":"log_entry","id":"77B0C2D4-1E2F-4A3B-9C4D-5E6F7A8B9C0D","title":"Team meeting","content":"Agenda for the meeting.\n","category":"Work","tags":["work"],"created_at":"2026-11-21T10:00:00Z","updated_at":"2026-11-21T10:00:00Z"}"#,
    ].joined(separator: "\n")
    let appExport =
      #"[{"id":"5A1B2C3D-4E5F-4061-8273-9A8B7C6D5E4F","title":"From the app","content":"Written in the notes app.","category":"General","tags":["app"],"createdAt":"2026-10-01T08:00:00Z"}]"#
    let prepared = try DocumentedExampleTests.shell(
      setUp,
      [
        root, repository, binaries.path, llm, String(decoding: try WireCoding.line(swiftArticle), as: UTF8.self),
        fixtures, notes, appExport,
      ], environment: sandbox.environment)
    guard prepared.status == 0 else { throw SandboxError("setting up the sandbox: \(prepared.stderr)") }
    return sandbox
  }
}

struct SandboxError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension DocumentedExampleTests {
  /// bash -c `script` with `arguments` as $0…, in `environment` only.
  static func shell(_ script: String, _ arguments: [String], environment: [String: String]) throws -> ToolRun {
    try run("/bin/bash", ["-c", script] + arguments, environment: environment, checkingSummaries: false)
  }
}
