import Foundation
import Testing

/// An SMTP server on 127.0.0.1 that answers each message's DATA as a script says: 250, 451, 550,
/// or `hold` (no answer until ``release()``, then 250; 250 when the script has run out). It keeps
/// every message it was given (`data-N.eml`, as received, dot-unstuffed) and a transcript of the
/// commands, with a `# message N: REPLY` line per message, for tests that check what a sender
/// really delivered and how often.
struct ScriptedSMTPServer {
  let root: String
  let port: Int
  let process: Process

  /// The server binds a port of its own choosing and names it on its first line of output.
  static func start(in root: String, replies: [String]) throws -> ScriptedSMTPServer {
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let script = """
      import os, signal, socket, sys, time
      signal.pthread_sigmask(signal.SIG_SETMASK, [])
      root, script = sys.argv[1], sys.argv[2:]
      server = socket.socket()
      server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
      server.bind(("127.0.0.1", 0))
      server.listen(4)
      print(server.getsockname()[1], flush=True)
      server.settimeout(120)
      log = open(os.path.join(root, "smtp.log"), "a", buffering=1)
      count = 0
      while True:
          try:
              connection, _ = server.accept()
          except socket.timeout:
              break
          try:
              stream = connection.makefile("rb")
              def say(line):
                  connection.sendall(line.encode() + b"\\r\\n")
              say("220 scripted ESMTP")
              while True:
                  line = stream.readline()
                  if not line:
                      break
                  text = line.decode("utf-8", "replace").rstrip("\\r\\n")
                  log.write(text + "\\n")
                  command = text.upper()
                  if command.startswith("EHLO"):
                      say("250-scripted")
                      say("250 8BITMIME")
                  elif command.startswith("DATA"):
                      say("354 go on")
                      data = b""
                      while True:
                          part = stream.readline()
                          if part in (b".\\r\\n", b".\\n", b""):
                              break
                          data += part[1:] if part.startswith(b"..") else part
                      count += 1
                      reply = script[count - 1] if count <= len(script) else "250"
                      with open(os.path.join(root, "data-%d.eml" % count), "wb") as f:
                          f.write(data)
                      log.write("# message %d: %s\\n" % (count, reply))
                      if reply == "hold":
                          deadline = time.time() + 60
                          while not os.path.exists(os.path.join(root, "release")) and time.time() < deadline:
                              time.sleep(0.05)
                          reply = "250"
                      replies = {"250": "250 2.0.0 queued as %d" % count,
                                 "451": "451 4.3.0 mailbox busy, try again later",
                                 "550": "550 5.1.1 no such user here"}
                      say(replies[reply])
                  elif command.startswith("QUIT"):
                      say("221 bye")
                      break
                  else:
                      say("250 ok")
          except OSError:
              pass
          connection.close()
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, root] + replies
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    guard let line = try readLine(output.fileHandleForReading, timeout: 10), let port = Int(line) else {
      stopProcess(process)
      throw CocoaError(.fileReadUnknown)
    }
    return ScriptedSMTPServer(root: root, port: port, process: process)
  }

  /// msmtp sending to this server, as the outbox's sendmail command.
  var sendmail: String {
    "msmtp --host=127.0.0.1 --port=\(port) --auth=off --tls=off --from=zoe@example.org -t"
  }

  /// The commands the server read, and a line per message with the reply it was given.
  var transcript: String { (try? String(contentsOfFile: root + "/smtp.log", encoding: .utf8)) ?? "" }

  /// Every message received (whatever the reply), in order.
  var messages: [String] {
    (1...).lazy.map { (try? String(contentsOfFile: "\(self.root)/data-\($0).eml", encoding: .utf8)) }
      .prefix { $0 != nil }.compactMap { $0 }
  }

  /// How many messages were received and answered 250 (a held one once released).
  var accepted: Int {
    transcript.split(separator: "\n").filter {
      $0.hasPrefix("# message ") && !$0.hasSuffix(": 451") && !$0.hasSuffix(": 550")
    }
    .count
  }

  /// Whether the server holds a message's answer now, or has held one.
  var hasHeld: Bool { transcript.contains(": hold\n") }

  /// Lets a held answer go (250).
  func release() { _ = FileManager.default.createFile(atPath: root + "/release", contents: Data()) }

  func stop() { stopProcess(process) }
}
