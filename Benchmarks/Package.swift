// swift-tools-version: 6.1
// Benchmarks live in their own package so that they never run with `swift test` and never reach
// the man page generator. Run them through scripts/bench/*.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is whatever the clone is called.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()
let benchSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
  name: "rk-ail-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    .executableTarget(
      name: "ndjson-bench",
      dependencies: [
        .product(name: "Wire", package: root),
        .product(name: "ToolKit", package: root),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: benchSettings),
    /// HTMLTokenizer and ImageFinder over a corpus of real pages (scripts/bench/images).
    .executableTarget(
      name: "images-bench",
      dependencies: [
        .product(name: "HTMLScan", package: root),
        .product(name: "ImageExtraction", package: root),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: benchSettings),
  ]
)
