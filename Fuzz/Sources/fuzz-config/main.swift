// libFuzzer entry point for the configuration file (ToolKit's ConfigFile, the INI-like
// ~/.config/<app>/config): the input is the file's text. Checked: no trap; a file that parses
// answers every key it was asked for with a value from a line the file has, without a line
// break.
// Run by `scripts/fuzz fuzz-config`; seeded with the files in Fuzz/Seeds/fuzz-config.
import FuzzCheck
import ToolKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: bytes(data, size), as: UTF8.self)
  guard let file = try? ConfigFile(path: "config", text: text) else { return 0 }
  // Counted in bytes: "\r\n" is one Character, which a split on "\n" would not see.
  let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
  let keys = ["server", "token-file", "db", "model", "timeout", "retries"] + keysWritten(in: text)
  for tool in ["", "rk-fetch", "ail-ai"] + sectionsWritten(in: text) {
    for key in keys {
      guard let setting = file.setting(key, tool: tool) else { continue }
      guard case .file(_, let line) = setting.source else {
        check(false, "a setting not from the file")
        return 0
      }
      check(line >= 1 && line <= lines, "\(key) from line \(line) of \(lines)")
      check(!setting.value.utf8.contains(UInt8(ascii: "\n")), "\(key)'s value holds a line break")
    }
  }
  return 0
}

/// What looks like a key: the text before `=` on each line, trimmed.
func keysWritten(in text: String) -> [String] {
  text.unicodeScalars.split(separator: "\n").compactMap { line in
    String(line).split(separator: "=", maxSplits: 1).first.map { String($0).trimmingCharacters(in: " \t") }
  }
}

/// What looks like a section: the text between `[` and `]` on each line, trimmed.
func sectionsWritten(in text: String) -> [String] {
  text.unicodeScalars.split(separator: "\n").map(String.init).compactMap { line in
    guard let open = line.firstIndex(of: "["), let close = line[open...].firstIndex(of: "]") else { return nil }
    return String(line[line.index(after: open)..<close]).trimmingCharacters(in: " \t")
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
