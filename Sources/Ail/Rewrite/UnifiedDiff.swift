/// A unified diff (`diff -u` format) of two texts by lines, with Myers' O(ND) algorithm — the
/// app's diff view of original and rewritten text, for a terminal or `patch`.
public enum UnifiedDiff {
  private enum Edit: Equatable {
    case same(Int, Int)
    case delete(Int)
    case insert(Int)
  }

  /// The diff, or "" when the texts are equal. `context` lines surround each change.
  public static func diff(
    _ old: String, _ new: String, oldName: String = "original", newName: String = "rewritten", context: Int = 3
  ) -> String {
    let a = lines(old)
    let b = lines(new)
    let edits = script(a, b)
    guard edits.contains(where: { if case .same = $0 { false } else { true } }) else { return "" }
    var out = "--- \(oldName)\n+++ \(newName)\n"
    var index = 0
    while index < edits.count {
      guard let firstChange = edits[index...].firstIndex(where: { if case .same = $0 { false } else { true } }) else {
        break
      }
      var end = firstChange
      // Extend the hunk while changes are closer than twice the context.
      while true {
        guard let next = edits[(end + 1)...].firstIndex(where: { if case .same = $0 { false } else { true } }) else {
          break
        }
        if next - end - 1 > 2 * context { break }
        end = next
      }
      let start = max(index, firstChange - context)
      let stop = min(edits.count, end + context + 1)
      let hunk = edits[start..<stop]
      let (oldStart, newStart) = position(edits, start)
      let oldCount = hunk.filter { if case .insert = $0 { false } else { true } }.count
      let newCount = hunk.filter { if case .delete = $0 { false } else { true } }.count
      out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for edit in hunk {
        switch edit {
        case .same(let i, _): out += " " + line(a[i])
        case .delete(let i): out += "-" + line(a[i])
        case .insert(let j): out += "+" + line(b[j])
        }
      }
      index = stop
    }
    return out
  }

  private static func line(_ text: Substring) -> String {
    text.hasSuffix("\n") ? String(text) : text + "\n\\ No newline at end of file\n"
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
  }

  /// Line numbers (0-based) in each text where the edit at `index` stands.
  private static func position(_ edits: [Edit], _ index: Int) -> (Int, Int) {
    var old = 0
    var new = 0
    for edit in edits[..<index] {
      switch edit {
      case .same:
        old += 1
        new += 1
      case .delete: old += 1
      case .insert: new += 1
      }
    }
    return (old, new)
  }

  /// Lines with their line breaks, so a missing last one shows.
  private static func lines(_ text: String) -> [Substring] {
    var result: [Substring] = []
    var start = text.startIndex
    while start < text.endIndex {
      let end = text[start...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
      result.append(text[start..<end])
      start = end
    }
    return result
  }

  private static func script(_ a: [Substring], _ b: [Substring]) -> [Edit] {
    let n = a.count
    let m = b.count
    let offset = n + m + 1
    var v = [Int](repeating: 0, count: 2 * offset + 1)
    var trace: [[Int]] = []
    outer: for d in 0...(n + m) {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n && y < m && a[x] == b[y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m { break outer }
      }
    }
    // Walk back through the saved frontiers.
    var edits: [Edit] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      if d == 0 {
        while x > 0 && y > 0 {
          x -= 1
          y -= 1
          edits.append(.same(x, y))
        }
        break
      }
      let v = trace[d]
      let k = x - y
      let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
      let previousX = v[offset + previousK]
      let previousY = previousX - previousK
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
        edits.append(.same(x, y))
      }
      if x == previousX { edits.append(.insert(y - 1)) } else { edits.append(.delete(x - 1)) }
      x = previousX
      y = previousY
    }
    return edits.reversed()
  }
}
