// swift-tools-version: 5.4
// libFuzzer targets, one per parser of outside input, in their own package so that neither
// `swift test` nor the man pages ever see them: fuzz-html (the tokenizer, srcset, the image
// finder), fuzz-text (HTML to text in every layout), fuzz-mail (MIME, encoded words, mbox,
// Maildir names), fuzz-wire (the line reader, RecordHead.scan, the JSON parser and writer, the
// records), fuzz-url (the URL parser and resolver, the rule of links rk-cache add saves), fuzz-multipart (the bulk sync's multipart
// reader), fuzz-config (the configuration file), fuzz-notes (front matter and typed dates),
// fuzz-ai (long text cut into pieces, JSON Schemas and structured answers), fuzz-smime (signed
// messages, CMS signatures and the certificates they carry, PEM files).
// Build and run them through scripts/fuzz: the sanitizer flags go on the command line (-Xswiftc)
// so that the libraries under test are instrumented too, not just the targets.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM links an executable on Linux with
// `--defsym main=<module>_main`, a symbol a `-parse-as-library` fuzzer never defines (libFuzzer
// brings `main`), and the link fails. Older tools versions link the executable as it is.
// (5.4 also means the main package is named by its manifest's name, rk-ail, not by its folder.)
import PackageDescription

func library(_ name: String) -> Target.Dependency { .product(name: name, package: "rk-ail") }

let package = Package(
  name: "rk-ail-fuzz",
  dependencies: [.package(name: "rk-ail", path: "..")],
  targets: [
    .target(name: "FuzzCheck"),
    .executableTarget(name: "fuzz-html", dependencies: ["FuzzCheck", library("HTMLScan"), library("ImageExtraction")]),
    .executableTarget(
      name: "fuzz-text",
      dependencies: ["FuzzCheck", library("HTMLScan"), library("ArticleFormats"), library("OfflineStore")]),
    .executableTarget(name: "fuzz-mail", dependencies: ["FuzzCheck", library("Mail"), library("Wire")]),
    .executableTarget(name: "fuzz-wire", dependencies: ["FuzzCheck", library("ToolKit"), library("Wire")]),
    .executableTarget(
      name: "fuzz-url", dependencies: ["FuzzCheck", library("ImageExtraction"), library("OfflineStore")]),
    .executableTarget(name: "fuzz-multipart", dependencies: ["FuzzCheck", library("Readeck")]),
    .executableTarget(name: "fuzz-config", dependencies: ["FuzzCheck", library("ToolKit")]),
    .executableTarget(name: "fuzz-notes", dependencies: ["FuzzCheck", library("NotesStore"), library("Wire")]),
    .executableTarget(name: "fuzz-ai", dependencies: ["FuzzCheck", library("Rewrite"), library("Wire")]),
    .executableTarget(name: "fuzz-smime", dependencies: ["FuzzCheck", library("SMIME"), library("Mail")]),
  ]
)
