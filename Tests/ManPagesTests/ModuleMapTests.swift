import Foundation
import Testing

/// The module map at the end of docs/DESIGN.md §2 is what `scripts/gen-module-table` makes of
/// Package.swift's targets and their `///` comments: one generator, run here in its `--check` mode,
/// so that a target added, moved, depended on or described anew fails this test until the map is
/// written again. The script also fails on a target without a comment.
@Suite struct ModuleMapTests {
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
      "python3 is not installed (apt-get install python3)"))
  func designsModuleMapIsWhatPackageSwiftSays() throws {
    let script = ManPageFreshnessTests.packageRoot.appendingPathComponent("scripts/gen-module-table").path
    let (status, _, errors) = try run("/usr/bin/python3", [script, "--check"])
    #expect(status == 0, "\(errors)")
  }
}
