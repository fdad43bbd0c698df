// swift-tools-version: 5.4
// libFuzzer targets for the HTML tokenizer, the srcset parser and the image finder (fuzz-html) and
// for the Mail library (fuzz-mail), in their own
// package so that neither `swift test` nor the man pages ever see it. Build and run it through
// scripts/fuzz: the sanitizer flags go on the command line (-Xswiftc) so that HTMLScan and
// ImageExtraction are instrumented too, not just this target.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM links an executable on Linux with
// `--defsym main=<module>_main`, a symbol a `-parse-as-library` fuzzer never defines (libFuzzer
// brings `main`), and the link fails. Older tools versions link the executable as it is.
// (5.4 also means the main package is named by its manifest's name, rk-ail, not by its folder.)
import PackageDescription

let package = Package(
  name: "rk-ail-fuzz",
  dependencies: [.package(name: "rk-ail", path: "..")],
  targets: [
    .executableTarget(
      name: "fuzz-html",
      dependencies: [.product(name: "HTMLScan", package: "rk-ail"), .product(name: "ImageExtraction", package: "rk-ail")]),
    .executableTarget(
      name: "fuzz-mail", dependencies: [.product(name: "Mail", package: "rk-ail"), .product(name: "Wire", package: "rk-ail")]),
  ]
)
