#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The variables that choose the language, as this process got them: read with `getenv`, five
/// look-ups, because the choice is made at start-up of every tool.
func processEnvironment() -> [String: String] {
  var environment: [String: String] = [:]
  for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
  }
  return environment
}
