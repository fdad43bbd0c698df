// swift-tools-version: 6.1
import PackageDescription

/// Language settings every target shares: Swift 6 mode (from the tools version) plus the upcoming
/// features that keep imports and existentials explicit.
let settings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let argumentParser: Target.Dependency = .product(
  name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
  name: "rk-ail",
  platforms: [.macOS(.v15)],
  products: [
    // Libraries are products so that Benchmarks/ (a separate package) can link them.
    .library(name: "Wire", targets: ["Wire"]),
    .library(name: "ToolKit", targets: ["ToolKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    /// The records that travel between tools and the one JSON configuration; FoundationEssentials only.
    .target(name: "Wire", swiftSettings: settings),
    /// What every executable needs around Wire: line reader, stdout sink, diagnostics, progress,
    /// exit statuses, configuration and secrets.
    .target(name: "ToolKit", dependencies: ["Wire", argumentParser], swiftSettings: settings),
    /// Retry policy, backoff, Retry-After and a per-host circuit breaker, for every HTTP tool.
    .target(name: "Resilience", swiftSettings: settings),
    /// Renders man pages from a command's `--experimental-dump-help` description.
    .target(name: "ManPages", dependencies: ["ToolKit"], swiftSettings: settings),

    .testTarget(name: "ResilienceTests", dependencies: ["Resilience"], swiftSettings: settings),
    .testTarget(name: "WireTests", dependencies: ["Wire"], swiftSettings: settings),
    .testTarget(name: "ToolKitTests", dependencies: ["ToolKit", argumentParser], swiftSettings: settings),
    .testTarget(
      name: "ManPagesTests", dependencies: ["ManPages", "ToolKit", argumentParser], swiftSettings: settings),
  ]
)
