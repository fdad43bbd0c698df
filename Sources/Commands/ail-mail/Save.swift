import ArgumentParser
import Localization
import Mail
import PrivateFiles
import ToolKit
import Wire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

struct Save: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save", abstract: tr("Save a message's attachments into a folder."),
    discussion: HelpText.discussion(
      tr(
        """
        Writes every attachment (or those of --part, numbered as "ail-mail show" numbers them) \
        into the folder under its decoded name (RFC 2231 and RFC 2047). The name comes from the \
        sender and is made safe: "/" and "\\\\" become "_", control characters and invisible \
        direction marks go, leading dots go (no hidden files, no ".."), a name too long for the \
        file system is cut keeping its extension, so nothing is ever written outside the folder. \
        A name that is taken, by a file, a folder or a link (which is never followed), gets a \
        number (report-1.pdf): nothing there is ever replaced. Each file appears whole or not \
        at all, readable by you alone (0600). Prints the path of each file written.
        """),
      examples: [
        Example("ail-mail save message.eml --to Downloads", tr("Every attachment, into Downloads.")),
        Example("ail-mail save message.eml --part 2", tr("The second attachment, into the current folder.")),
      ],
      exitStatuses: [
        (.success, tr("Done (also when the message has no attachments).")),
        (.dataError, tr("The message is empty, or it has no attachment with that number.")),
        (.noInput, tr("The message or the folder does not exist.")),
        (.ioError, tr("A file could not be written (the ones before it were).")),
      ]))

  @Argument(
    help: ArgumentHelp(tr("The message; standard input when '-'."), valueName: "file"), completion: .file())
  var file: String

  @Option(
    help: ArgumentHelp(tr("The folder to save into (the current folder by default)."), valueName: "dir"),
    completion: .directory)
  var to = "."

  @Option(
    help: ArgumentHelp(tr("Only these attachments, numbered from 1 as show lists them."), valueName: "n"))
  var part: [Int] = []

  @OptionGroup var common: CommonOptions

  func run() throws {
    let diagnostics = common.diagnostics(for: "ail-mail")
    try runTool(diagnostics) {
      let (message, _, name) = try MessageInput.read(file, diagnostics: diagnostics)
      var info = stat()
      guard stat(to, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
        throw ToolError(.noInput, tr("\(to): no such folder"))
      }
      let parts = message.attachmentParts
      let numbers = part.isEmpty ? Array(parts.indices).map { $0 + 1 } : part
      // Every number checked before anything is written.
      for number in numbers { _ = try Show.attachment(number, of: message, name: name) }
      let sink = OutputSink.standardOutput
      for number in numbers {
        let attachment = parts[number - 1]
        let decoded = message.content(of: attachment)
        if let warning = decoded.warning { diagnostics.warning("\(name): \(warning)") }
        let safe = AttachmentName.safe(attachment.filename, number: number, mime: attachment.mimeType)
        do {
          let path = try NewFile.write(Data(decoded.bytes), in: to) { AttachmentName.numbered(safe, $0) }
          try sink.write(path + "\n")
        } catch let error as FileWriteError {
          try sink.flush()
          throw ToolError(.ioError, error.description)
        }
      }
      try sink.flush()
    }
  }
}
