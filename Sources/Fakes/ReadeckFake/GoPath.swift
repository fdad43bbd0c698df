/// Go's `path.Clean` and `path.Join`, which the bulk sync route uses to build resource paths from
/// `resource_prefix`; matching them keeps `.` from turning into `./name`.
enum GoPath {
  static func join(_ elements: String...) -> String {
    let parts = elements.filter { !$0.isEmpty }
    guard !parts.isEmpty else { return "" }
    return clean(parts.joined(separator: "/"))
  }

  static func clean(_ path: String) -> String {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty else { return "." }
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    let rooted = bytes[0] == slash
    let count = bytes.count
    var out: [UInt8] = []
    var read = 0
    var dotdot = 0  // where `..` may no longer back up
    if rooted {
      out.append(slash)
      read = 1
      dotdot = 1
    }
    while read < count {
      if bytes[read] == slash {
        read += 1
      } else if bytes[read] == dot, read + 1 == count || bytes[read + 1] == slash {
        read += 1
      } else if bytes[read] == dot, bytes[read + 1] == dot, read + 2 == count || bytes[read + 2] == slash {
        read += 2
        if out.count > dotdot {
          var end = out.count - 1
          while end > dotdot, out[end] != slash { end -= 1 }
          out.removeSubrange(end...)
        } else if !rooted {
          if !out.isEmpty { out.append(slash) }
          out += [dot, dot]
          dotdot = out.count
        }
      } else {
        if rooted && out.count != 1 || !rooted && !out.isEmpty { out.append(slash) }
        while read < count, bytes[read] != slash {
          out.append(bytes[read])
          read += 1
        }
      }
    }
    return out.isEmpty ? "." : String(decoding: out, as: UTF8.self)
  }
}
