// swift-tools-version: 6.1
import PackageDescription

/// Language settings every target shares: Swift 6 mode (from the tools version) plus the upcoming
/// features that keep imports and existentials explicit.
let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// ail-mail's commands without MemberImportVisibility. Once they call into swift-certificates
/// (S/MIME), the Swift 6.3 compiler takes the C library's `stat`, `timespec` and `timeval` for
/// CoreFoundation's copies (ClangImporter canonicalizes the glibc structs that several C modules
/// include to one owner), and MemberImportVisibility then refuses their members in every file that
/// imports Glibc, as if CoreFoundation were missing. Which owner wins depends on which members are
/// looked up, so the check is off for this one module rather than worked around file by file.
let ailMailSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("InternalImportsByDefault"),
]

let argumentParser: Target.Dependency = .product(
  name: "ArgumentParser", package: "swift-argument-parser")

let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")
let nio: [Target.Dependency] = [
  .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
  .product(name: "NIOHTTP1", package: "swift-nio"),
]

let package = Package(
  name: "rk-ail",
  platforms: [.macOS(.v15)],
  products: [
    // Libraries are products so that Benchmarks/ and Fuzz/ (separate packages) can link them.
    .library(name: "Wire", targets: ["Wire"]),
    .library(name: "ToolKit", targets: ["ToolKit"]),
    .library(name: "HTMLScan", targets: ["HTMLScan"]),
    .library(name: "ImageExtraction", targets: ["ImageExtraction"]),
    .library(name: "Mail", targets: ["Mail"]),
    .library(name: "Rewrite", targets: ["Rewrite"]),
    .library(name: "Audio", targets: ["Audio"]),
    .library(name: "Transcription", targets: ["Transcription"]),
    // For the fuzz targets (Fuzz/), which read what these parse.
    .library(name: "Readeck", targets: ["Readeck"]),
    .library(name: "NotesStore", targets: ["NotesStore"]),
    .library(name: "ArticleFormats", targets: ["ArticleFormats"]),
    .library(name: "OfflineStore", targets: ["OfflineStore"]),
    .library(name: "SMIME", targets: ["SMIME"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    // CMS (RFC 5652) signing and verification and X.509 chains, for ail-mail's S/MIME.
    .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
    .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
  ],
  targets: [
    // What both families share (Sources/<Module>).

    /// The records that travel between tools (each maps its members once, and keeps those it does
    /// not model for the round trip), the wire's own JSON parser and writer, which every tool's
    /// lines go through (byte-identical, keys sorted, several times faster than Codable), RFC 3339
    /// and civil-date arithmetic; FoundationEssentials only, for fast start-up.
    .target(name: "Wire", swiftSettings: settings),
    /// SHA-256 as lower-case hex for the store, the image fetcher and the response cache: its own
    /// module because Wire stays on FoundationEssentials alone and the store links no HTTP stack.
    .target(
      name: "ContentHash", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: settings),
    /// Paths split without Foundation's NSString methods (which trap on one-character paths on
    /// Linux), and files written whole: private, beside their destination (through symbolic
    /// links), synced and renamed, or to standard output for `-`; the one write(2) loop, which
    /// ToolKit's output and diagnostics use too. Its own leaf module, on
    /// Foundation alone, because the stores, the archive, the book, the pages and the response
    /// cache all write files this way and none of them should link ToolKit or Crypto for it.
    .target(name: "PrivateFiles", dependencies: ["Localization"], swiftSettings: settings),
    /// Messages for people in the user's language: the language chosen from the environment, the
    /// message type and `tr`, the catalogs generated from po/, numbers and dates for people. A leaf
    /// (the standard library and FoundationEssentials), as every tool starts with it.
    .target(name: "Localization", swiftSettings: settings),
    /// What every executable needs around Wire: the line reader and record input (the one place
    /// that judges bad lines), the stdout sink, diagnostics and progress on stderr, exit statuses
    /// and usage errors, common options, configuration and secrets, help text, `ToolEntry` and the
    /// multi-call rule, `ChildProcess` (a program that may hang, run with a time limit in a process
    /// group of its own) and `Interruption` (SIGINT and SIGTERM).
    .target(
      name: "ToolKit", dependencies: ["Localization", "PrivateFiles", "Wire", argumentParser], swiftSettings: settings),
    /// Retry policy with backoff and `Retry-After`, a per-host circuit breaker, time limits that
    /// cover the body, the HTTP client's set-up and shutdown, transport-error wording and the
    /// message in an API's error body, for every HTTP tool.
    .target(
      name: "Resilience", dependencies: ["Localization", "Wire", asyncHTTPClient] + nio, swiftSettings: settings),
    /// What every SQLite store shares: opening (WAL, busy timeout, mode 0600, migrations one
    /// process at a time), store errors, full-text queries and their snippets, content-named files.
    .target(
      name: "SQLiteStore",
      dependencies: [
        "ContentHash", "Localization", "PrivateFiles", .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite's C API, for the incremental BLOB reads GRDB does not wrap (SearchSnippet).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: settings),
    /// The exit statuses of the stores' errors, for the commands of both stores: the stores
    /// themselves know nothing of exit statuses.
    .target(name: "StoreErrorStatus", dependencies: ["SQLiteStore", "ToolKit"], swiftSettings: settings),
    /// HTML as the WHATWG standard reads it: the tokenizer over UTF-8 bytes (attribute values
    /// decoded, with their byte ranges for splicing), the tree builder (held to html5lib's suite;
    /// at most 512 open elements, Go's limit) and serializer, the element table, srcset, the URLs
    /// CSS text refers to, and a document's plain text (the words the search index keeps, the lines
    /// a mail reader shows); no dependencies.
    .target(name: "HTMLScan", swiftSettings: settings),
    /// Man pages in English and German, rendered from a command's `--experimental-dump-help`
    /// description, for `scripts/gen-man` and the test that keeps `man/` fresh.
    .target(name: "ManPages", dependencies: ["Localization", "ToolKit"], swiftSettings: settings),

    // The articles' wing (Sources/Readkeep): Readeck, the offline store and what reads from it.

    /// Readeck's HTTP API (listing with pagination, collections, articles, changes, updates,
    /// highlights, the bulk multipart sync route) and the sync run rk-fetch performs, with its
    /// selection (a collection, any of several labels).
    .target(
      name: "Readeck", dependencies: ["Localization", "Wire", "Resilience", asyncHTTPClient] + nio,
      path: "Sources/Readkeep/Readeck", swiftSettings: settings),
    /// The offline store: articles, de-duplicated images and a full-text index in one SQLite file;
    /// the offline write queue (changes, saved links, highlights), the reading record and the
    /// prefetch rule, pruning, and export to and import from a ZIP file; Readeck's highlight
    /// wrappers and what an article is to show beyond those it was fetched with.
    .target(
      name: "OfflineStore",
      dependencies: [
        "Wire", "ContentHash", "HTMLScan", "Localization", "PrivateFiles", "SQLiteStore",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      path: "Sources/Readkeep/OfflineStore", swiftSettings: settings),
    /// Sending the offline write queue to Readeck: the conflict rule, saving queued links and
    /// highlights exactly once, and the push run, told to a `PushObserver`.
    .target(
      name: "ChangePush", dependencies: ["OfflineStore", "Readeck", "Wire"], path: "Sources/Readkeep/ChangePush",
      swiftSettings: settings),
    /// `--server`, the token and the client every tool talking to Readeck sets up the same way.
    .target(
      name: "ReadeckCommandLine",
      dependencies: ["Localization", "Readeck", "Resilience", "ToolKit", argumentParser, asyncHTTPClient],
      path: "Sources/Readkeep/ReadeckCommandLine", swiftSettings: settings),
    /// `--db` of the article store, the exit statuses of its errors and the reading window
    /// (`--since 30d|DATE`), for every tool that opens the store.
    .target(
      name: "OfflineStoreCommandLine",
      dependencies: ["Localization", "OfflineStore", "StoreErrorStatus", "ToolKit", argumentParser],
      path: "Sources/Readkeep/OfflineStoreCommandLine", swiftSettings: settings),
    /// Finding the images an article needs, resolving their URLs as WHATWG's URL standard does,
    /// downloading each once, embedding them.
    .target(
      name: "ImageExtraction",
      dependencies: ["HTMLScan", "Localization", "Wire", "ContentHash", "Resilience", asyncHTTPClient] + nio,
      path: "Sources/Readkeep/ImageExtraction", swiftSettings: settings),
    /// Articles for people: the cleaning of article HTML they share (nothing that runs and nothing
    /// loaded from outside: a fetched reference stays only as `data:`), the self-contained page for
    /// a browser, the folder of pages with its index, the EPUB book, plain text and Markdown, and
    /// the highlights marked in them.
    .target(
      name: "ArticleFormats",
      dependencies: [
        "OfflineStore", "HTMLScan", "Localization", "PrivateFiles", "Wire", "ContentHash",
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      path: "Sources/Readkeep/ArticleFormats", swiftSettings: settings),
    /// Articles read aloud as one audiobook: the spoken text in pieces, the voice for each
    /// language, Piper or espeak-ng per piece, ffmpeg's AAC in MP4 with a chapter per article.
    .target(
      name: "Audiobook", dependencies: ["ArticleFormats", "HTMLScan", "Localization", "OfflineStore", "ToolKit"],
      path: "Sources/Readkeep/Audiobook", swiftSettings: settings),

    // The notes' wing (Sources/Ail): notes, mail, language models, speech.

    /// The notes store of ail-log: entries, versions, categories, tags, reminders, full-text
    /// search, recordings; the typed dates, record filing, Markdown front matter, export and import.
    .target(
      name: "NotesStore",
      dependencies: [
        "Localization", "PrivateFiles", "SQLiteStore", "Wire", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Sources/Ail/NotesStore", swiftSettings: settings),
    /// RFC 5322 and MIME: headers (no value with a control character, recipients checked), encoded
    /// words, charsets, transfer encodings, multiparts, the readable text of a message, attachment
    /// names, mbox and Maildir, reply, forward and new messages with attachments, text made safe
    /// for a terminal.
    .target(
      name: "Mail", dependencies: ["HTMLScan", "Localization", "Wire"], path: "Sources/Ail/Mail",
      swiftSettings: settings),
    /// S/MIME (RFC 8551): multipart/signed written over the canonical form of a message's MIME
    /// entity, signatures checked (detached and opaque) against trust roots, identities kept as PEM
    /// files, PKCS#12 read through the openssl command. CMS itself is swift-certificates'.
    .target(
      name: "SMIME",
      dependencies: [
        "Localization", "Mail", "PrivateFiles", "Wire", .product(name: "X509", package: "swift-certificates"),
        .product(name: "SwiftASN1", package: "swift-asn1"), .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
      ],
      path: "Sources/Ail/SMIME", swiftSettings: settings),
    /// The pre-prompt catalog: menu tree of folders and presets, recipes, cookbooks, keywords and
    /// their expansion, prompt generation, the app's export format.
    .target(
      name: "PromptCatalog", dependencies: ["Localization", "PrivateFiles", "Wire"], path: "Sources/Ail/PromptCatalog",
      swiftSettings: settings),
    /// Chat with language models: OpenAI-compatible, Mistral and Ollama providers and the chain
    /// that chooses and falls back among them, streaming, retries, the response cache; long input
    /// in pieces fitted to the model's window, and structured answers checked against a JSON Schema
    /// and repaired.
    .target(
      name: "Rewrite",
      dependencies: ["Wire", "ContentHash", "Localization", "PrivateFiles", "Resilience", asyncHTTPClient] + nio,
      path: "Sources/Ail/Rewrite", swiftSettings: settings),
    /// ail-ai's history of exchanges: SQLite with full-text search, pruned by age and size.
    .target(
      name: "ChatHistory",
      dependencies: ["Localization", "SQLiteStore", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Sources/Ail/ChatHistory", swiftSettings: settings),
    /// Audio in, segments out: WAV reading, ffmpeg decoding, resampling, silence segmentation.
    .target(name: "Audio", dependencies: ["Localization"], path: "Sources/Ail/Audio", swiftSettings: settings),
    /// Speech engines (PocketSphinx through dlopen, faster-whisper through one Python worker,
    /// OpenAI-compatible and whisper.cpp servers, each chunk's text carried to the next as its
    /// prompt), de-duplication, subtitle formats cut at words.
    .target(
      name: "Transcription", dependencies: ["Audio", "Localization", "Wire", "Resilience", asyncHTTPClient] + nio,
      path: "Sources/Ail/Transcription", swiftSettings: settings),

    // The tools' commands (Sources/Commands/<tool>): libraries, so that one multi-call binary can
    // hold them all.

    /// Syncs bookmarks and article HTML from a Readeck server.
    .target(
      name: "RKFetchCommand",
      dependencies: [
        "Localization", "Readeck", "ReadeckCommandLine", "Resilience", "OfflineStore", "ToolKit", "Wire",
        argumentParser, asyncHTTPClient,
      ],
      path: "Sources/Commands/rk-fetch", swiftSettings: settings),
    /// Sends what was changed offline (archive, favourite, progress, labels, deletions, saved links,
    /// highlights) back to Readeck.
    .target(
      name: "RKPushCommand",
      dependencies: [
        "ChangePush", "Localization", "Readeck", "ReadeckCommandLine", "Resilience", "OfflineStore",
        "OfflineStoreCommandLine", "ToolKit", "Wire", argumentParser, asyncHTTPClient,
      ],
      path: "Sources/Commands/rk-push", swiftSettings: settings),

    /// The offline store's command: store, list, read (html, page, open, text, epub, audio),
    /// search, mark, highlights, stats, suggestions, export and import.
    .target(
      name: "RKCacheCommand",
      dependencies: [
        "OfflineStore", "PrivateFiles", "ArticleFormats", "Audiobook", "OfflineStoreCommandLine", "ToolKit", "Wire",
        argumentParser,
      ],
      path: "Sources/Commands/rk-cache", swiftSettings: settings),
    /// Finds, downloads and embeds the images of article records.
    .target(
      name: "RKExtractImagesCommand",
      dependencies: [
        "ImageExtraction", "Localization", "PrivateFiles", "Resilience", "ToolKit", "Wire", argumentParser,
        asyncHTTPClient,
      ] + nio,
      path: "Sources/Commands/rk-extract-images", swiftSettings: settings),
    /// Keeps the offline store within limits: count, size, age.
    .target(
      name: "RKPruneCommand",
      dependencies: ["Localization", "OfflineStore", "OfflineStoreCommandLine", "ToolKit", "Wire", argumentParser],
      path: "Sources/Commands/rk-prune", swiftSettings: settings),
    /// Mail on Maildirs and raw messages: inbox listings, flags, decoding, attachments, drafts,
    /// S/MIME, the outbox.
    .target(
      name: "AilMailCommand",
      dependencies: ["Localization", "Mail", "PrivateFiles", "SMIME", "ToolKit", "Wire", argumentParser],
      path: "Sources/Commands/ail-mail", swiftSettings: ailMailSettings),
    /// Rewrites text or records with a language model, driven by the pre-prompt catalog.
    .target(
      name: "AilAICommand",
      dependencies: [
        "Localization", "Rewrite", "PromptCatalog", "Resilience", "ToolKit", "Wire", "ChatHistory",
        "StoreErrorStatus", argumentParser, asyncHTTPClient,
      ],
      path: "Sources/Commands/ail-ai", swiftSettings: settings),
    /// The notes store: text and voice entries with categories, tags, reminders, search, versions.
    .target(
      name: "AilLogCommand",
      dependencies: [
        "Localization", "NotesStore", "PrivateFiles", "SQLiteStore", "StoreErrorStatus", "Mail", "ToolKit", "Wire",
        argumentParser,
      ],
      path: "Sources/Commands/ail-log", swiftSettings: settings),
    /// Turns recordings into text cut at silences, offline or through a transcription server.
    .target(
      name: "AilTranscribeCommand",
      dependencies: [
        "Audio", "Localization", "Transcription", "Resilience", "ToolKit", "Wire", argumentParser, asyncHTTPClient,
      ],
      path: "Sources/Commands/ail-transcribe", swiftSettings: settings),

    // The executables (Sources/Executables/<tool>): the multi-call binary that is installed, and a
    // thin entry point per tool for development builds and benchmarks that build one tool alone.

    /// The whole toolbox in one binary, installed once with a link per tool name: the tools share
    /// one copy of the Swift runtime, Foundation, NIO and SQLite's glue instead of eleven. It runs
    /// the tool named by the link it was started through, else by its first argument; `rk-ail
    /// --list` names them.
    .executableTarget(
      name: "rk-ail",
      dependencies: [
        "AilAICommand", "AilLogCommand", "AilMailCommand", "AilTranscribeCommand", "LLMFake", "Localization",
        "ReadeckFake", "RKCacheCommand", "RKExtractImagesCommand", "RKFetchCommand", "RKPruneCommand",
        "RKPushCommand", "ToolKit", argumentParser,
      ],
      path: "Sources/Executables/rk-ail", swiftSettings: settings),
    /// rk-fetch on its own, for development builds and the benchmarks that build one tool (an
    /// install runs it as a link to rk-ail).
    .executableTarget(
      name: "rk-fetch", dependencies: ["RKFetchCommand", "ToolKit"], path: "Sources/Executables/rk-fetch",
      swiftSettings: settings),
    /// rk-push on its own, for development builds and the benchmarks that build one tool (an
    /// install runs it as a link to rk-ail).
    .executableTarget(
      name: "rk-push", dependencies: ["RKPushCommand", "ToolKit"], path: "Sources/Executables/rk-push",
      swiftSettings: settings),
    /// rk-cache on its own, for development builds and the benchmarks that build one tool (an
    /// install runs it as a link to rk-ail).
    .executableTarget(
      name: "rk-cache", dependencies: ["RKCacheCommand", "ToolKit"], path: "Sources/Executables/rk-cache",
      swiftSettings: settings),
    /// rk-extract-images on its own, for development builds and the benchmarks that build one tool
    /// (an install runs it as a link to rk-ail).
    .executableTarget(
      name: "rk-extract-images", dependencies: ["RKExtractImagesCommand", "ToolKit"],
      path: "Sources/Executables/rk-extract-images", swiftSettings: settings),
    /// rk-prune on its own, for development builds and the benchmarks that build one tool (an
    /// install runs it as a link to rk-ail).
    .executableTarget(
      name: "rk-prune", dependencies: ["RKPruneCommand", "ToolKit"], path: "Sources/Executables/rk-prune",
      swiftSettings: settings),
    /// ail-mail on its own, for development builds and the benchmarks that build one tool (an
    /// install runs it as a link to rk-ail).
    .executableTarget(
      name: "ail-mail", dependencies: ["AilMailCommand", "ToolKit"], path: "Sources/Executables/ail-mail",
      swiftSettings: settings),
    /// ail-ai on its own, for development builds and the benchmarks that build one tool (an install
    /// runs it as a link to rk-ail).
    .executableTarget(
      name: "ail-ai", dependencies: ["AilAICommand", "ToolKit"], path: "Sources/Executables/ail-ai",
      swiftSettings: settings),
    /// ail-log on its own, for development builds and the benchmarks that build one tool (an
    /// install runs it as a link to rk-ail).
    .executableTarget(
      name: "ail-log", dependencies: ["AilLogCommand", "ToolKit"], path: "Sources/Executables/ail-log",
      swiftSettings: settings),
    /// ail-transcribe on its own, for development builds and the benchmarks that build one tool (an
    /// install runs it as a link to rk-ail).
    .executableTarget(
      name: "ail-transcribe", dependencies: ["AilTranscribeCommand", "ToolKit"],
      path: "Sources/Executables/ail-transcribe", swiftSettings: settings),

    // The fakes' wing (Sources/Fakes): test servers and their executables, apart from the product.

    /// What every fake server shares: the loopback HTTP server, the connection that reads requests
    /// and writes answers with their faults (delay, drop, close or reset mid-body, stall), fault
    /// queues, request logs, status texts.
    .target(
      name: "FakeServer", dependencies: ["Wire"] + nio, path: "Sources/Fakes/FakeServer", swiftSettings: settings),
    /// A Readeck-protocol server with sample articles and fault injection, for tests and the demo.
    .target(
      name: "ReadeckFake", dependencies: ["FakeServer", "HTMLScan", "ToolKit", "Wire", argumentParser] + nio,
      path: "Sources/Fakes/ReadeckFake",
      swiftSettings: settings),
    /// A server speaking the OpenAI chat-completions and Ollama protocols, with fault injection,
    /// for tests and benchmarks.
    .target(
      name: "LLMFake", dependencies: ["FakeServer", "ToolKit", "Wire", argumentParser] + nio,
      path: "Sources/Fakes/LLMFake",
      swiftSettings: settings),
    /// Serves canned chat completions over the OpenAI and Ollama protocols, for the benchmarks.
    .executableTarget(
      name: "llm-fake", dependencies: ["LLMFake", "ToolKit"], path: "Sources/Fakes/llm-fake",
      swiftSettings: settings),
    /// Serves sample articles over the Readeck API, for the demo and the benchmarks.
    .executableTarget(
      name: "readeck-fake", dependencies: ["ReadeckFake", "ToolKit"],
      path: "Sources/Fakes/readeck-fake",
      swiftSettings: settings),

    // The tests (Tests/<Target>), and what several of them share.

    /// The built tools in real pipelines against the fakes on loopback, make and the system tools.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TestSupport",
        "ReadeckFake", "Wire", "OfflineStore", .product(name: "GRDB", package: "GRDB.swift"), "rk-fetch", "rk-cache",
        "rk-prune", "rk-push", "rk-extract-images", "ail-mail", "ail-ai", "ail-transcribe", "ail-log", "llm-fake",
        "rk-ail",
        "LLMFake", asyncHTTPClient, .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ] + nio,
      swiftSettings: settings),
    /// What every test suite may share: a temporary folder of its own.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: settings),
    /// A tool's command line parsed in process, as its `main` would: the command, or the error
    /// line and the exit status it would print (ToolKit's internals through @testable).
    .target(
      name: "CommandTestSupport", dependencies: ["ToolKit", argumentParser], path: "Tests/CommandTestSupport",
      swiftSettings: settings),
    /// Every tool's parse and validation rules in process: usage errors, ranges, contradictions.
    .testTarget(
      name: "CommandTests",
      dependencies: [
        "CommandTestSupport", "Localization", "ToolKit", "AilAICommand", "AilLogCommand", "AilMailCommand",
        "AilTranscribeCommand", "LLMFake", "RKCacheCommand", "RKExtractImagesCommand", "RKFetchCommand",
        "RKPruneCommand", "RKPushCommand", "ReadeckFake", argumentParser,
      ],
      swiftSettings: settings),
    /// What the article side's suites share: a fresh store, an article as rk-fetch stores it.
    .target(
      name: "ArticleTestSupport", dependencies: ["OfflineStore", "TestSupport", "Wire"],
      path: "Tests/ArticleTestSupport", swiftSettings: settings),
    /// What the fakes' test suites share: reading answers whole, and raw exchanges on a socket.
    .target(
      name: "FakeServerTestSupport", dependencies: [asyncHTTPClient] + nio, path: "Tests/FakeServerTestSupport",
      swiftSettings: settings),
    /// The Readeck fake against the protocol: routes, pagination, bulk sync, faults, the request log.
    .testTarget(
      name: "ReadeckFakeTests",
      dependencies: ["ReadeckFake", "FakeServer", "FakeServerTestSupport", asyncHTTPClient] + nio,
      swiftSettings: settings),
    /// The store on real SQLite files: storing, reading, search, pruning, migrations, archives.
    .testTarget(
      name: "OfflineStoreTests",
      dependencies: [
        "ArticleTestSupport", "TestSupport",
        "OfflineStore", "ContentHash", "HTMLScan", "Wire", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      swiftSettings: settings),
    /// The spoken text and its pieces, the voice per language, WAV headers, chapters and tags.
    .testTarget(
      name: "AudiobookTests", dependencies: ["Audiobook", "TestSupport"], swiftSettings: settings),
    /// Pages, site folders and books from real stores: cleaning, documents, EPUB structure.
    .testTarget(
      name: "ArticleFormatsTests",
      dependencies: [
        "ArticleTestSupport", "TestSupport",
        "ArticleFormats", "OfflineStore", "HTMLScan", "Wire", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      swiftSettings: settings),
    /// The notes store on real SQLite files: entries, versions, search, reminders, typed dates,
    /// record filing, front matter, export and import, recordings.
    .testTarget(
      name: "NotesStoreTests",
      dependencies: [
        "TestSupport", "NotesStore", "SQLiteStore", "Wire", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: settings),
    /// The catalog: tree, names, keywords, prompt generation, the app's export format.
    .testTarget(
      name: "PromptCatalogTests", dependencies: ["TestSupport", "PromptCatalog", "Wire"], swiftSettings: settings),
    /// The LLM fake against each imitated server: framing, errors, models, transcription, faults, timing.
    .testTarget(
      name: "LLMFakeTests", dependencies: ["LLMFake", "FakeServerTestSupport", "Wire", asyncHTTPClient] + nio,
      swiftSettings: settings),
    /// Chat providers against the LLM fake: framing, retries, fallback, breaker, cache, diff.
    .testTarget(
      name: "RewriteTests",
      dependencies: [
        "TestSupport", "Rewrite", "FakeServer", "LLMFake", "Resilience", "ToolKit", "Wire", asyncHTTPClient,
      ] + nio,
      swiftSettings: settings),
    /// Opening stores, full-text queries, content-named files: what every SQLite store shares.
    .testTarget(
      name: "SQLiteStoreTests",
      dependencies: ["TestSupport", "SQLiteStore", .product(name: "GRDB", package: "GRDB.swift")],
      swiftSettings: settings),
    /// The history store: conversations, search, pruning by age and size.
    .testTarget(
      name: "ChatHistoryTests", dependencies: ["TestSupport", "ChatHistory", "SQLiteStore"], swiftSettings: settings),
    /// Segmentation and WAV reading on synthetic signals; fixtures are read from the source tree.
    .testTarget(name: "AudioTests", dependencies: ["Audio"], swiftSettings: settings),
    /// Speech engines over HTTP against the LLM fake's transcription routes, dedup, subtitles.
    .testTarget(
      name: "TranscriptionTests", dependencies: ["Transcription", "Audio", "LLMFake", "Wire", asyncHTTPClient] + nio,
      swiftSettings: settings),
    /// The faster-whisper engine's worker against a stand-in faster_whisper module: apart from
    /// TranscriptionTests, whose fake-server timings its blocking waits on a child would disturb.
    .testTarget(name: "FasterWhisperTests", dependencies: ["Transcription", "Audio"], swiftSettings: settings),
    /// MIME decoding against fixtures and Python's email package, drafts, fuzz findings.
    .testTarget(
      name: "MailTests", dependencies: ["TestSupport", "Mail", "HTMLScan", "Wire"], exclude: ["Fixtures"],
      swiftSettings: settings),
    /// S/MIME against the openssl command: signatures both ways, trust, expiry, damaged input.
    .testTarget(
      name: "SMIMETests", dependencies: ["TestSupport", "SMIME", "Mail", "Wire"], swiftSettings: settings),
    /// The tokenizer against hand-written cases and the html5lib-tests suite, srcset, plain text.
    .testTarget(name: "HTMLScanTests", dependencies: ["HTMLScan"], swiftSettings: settings),
    /// Finding, resolving, fetching (against a loopback image server) and embedding images.
    .testTarget(
      name: "ImageExtractionTests",
      dependencies: ["TestSupport", "ImageExtraction", "HTMLScan", "Resilience", asyncHTTPClient] + nio,
      swiftSettings: settings),
    /// The Readeck client and the sync run against the in-process fake, plus the multipart reader.
    .testTarget(
      name: "ReadeckTests", dependencies: ["Readeck", "Wire", "ReadeckFake", "Resilience", asyncHTTPClient],
      swiftSettings: settings),
    /// The conflict rule and pushes against the in-process fake, on real store files.
    .testTarget(
      name: "ChangePushTests",
      dependencies: [
        "TestSupport", "ChangePush", "Localization", "OfflineStore", "Readeck", "ReadeckFake", "Resilience", "Wire",
        asyncHTTPClient,
      ],
      swiftSettings: settings),
    /// Retry policy, Retry-After, the circuit breaker and the HTTP client's set-up.
    .testTarget(name: "ResilienceTests", dependencies: ["Resilience", asyncHTTPClient], swiftSettings: settings),
    /// Records, the JSON parser and writer against Foundation's, dates, round trips.
    .testTarget(name: "WireTests", dependencies: ["Wire"], swiftSettings: settings),
    /// Splitting paths, and writing files whole through links, to standard output, or not at all.
    .testTarget(name: "PrivateFilesTests", dependencies: ["TestSupport", "PrivateFiles"], swiftSettings: settings),
    /// SHA-256 hex against known digests.
    .testTarget(name: "ContentHashTests", dependencies: ["ContentHash"], swiftSettings: settings),
    /// Line reader, output sink, diagnostics, exit statuses, configuration and secrets.
    .testTarget(
      name: "ToolKitTests", dependencies: ["TestSupport", "Localization", "PrivateFiles", "ToolKit", argumentParser],
      swiftSettings: settings),
    /// Man pages and completion scripts: rendering, freshness against the committed pages; and
    /// DESIGN's module map against Package.swift (through scripts/gen-module-table).
    .testTarget(
      name: "ManPagesTests", dependencies: ["TestSupport", "Localization", "ManPages", "ToolKit", argumentParser],
      swiftSettings: settings),
    /// The language choice, messages and plurals, formatting for people, and the catalogs against
    /// the code: extraction of every message, translations, placeholders, generated tables, msgfmt.
    .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: settings),
  ]
)
