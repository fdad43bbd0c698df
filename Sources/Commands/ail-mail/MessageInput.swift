import Localization
import Mail
import ToolKit
import Wire

/// A message named on the command line (`-` for standard input): read whole, refused when
/// empty, decoded as far as it goes, each decoding problem told as `FILE: …`.
enum MessageInput {
  static func read(_ path: String, diagnostics: Diagnostics) throws -> (
    message: MailMessage, record: MailRecord, name: String
  ) {
    let name = InputFile.displayName(path)
    let bytes = try InputFile.contents(of: path)
    guard !bytes.isEmpty else { throw ToolError(.dataError, tr("\(name): empty, no message")) }
    let message = MailMessage(bytes)
    let record = message.record()
    for warning in record.warnings { diagnostics.warning("\(name): \(warning)") }
    return (message, record, name)
  }
}
