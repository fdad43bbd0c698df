import ArgumentParser
import Wire

/// Runs a command's body and turns its failures into the shared exit statuses: a ``ToolError``
/// prints `tool: error: message` and exits with its status; ArgumentParser's own exits pass
/// through; anything else is reported and exits 1.
public func runTool(_ diagnostics: Diagnostics, _ body: () async throws -> Void) async throws {
  do {
    try await body()
  } catch {
    throw exit(for: error, diagnostics)
  }
}

/// The synchronous form of ``runTool(_:_:)-(_,()->Void)``.
public func runTool(_ diagnostics: Diagnostics, _ body: () throws -> Void) throws {
  do {
    try body()
  } catch {
    throw exit(for: error, diagnostics)
  }
}

private func exit(for error: any Error, _ diagnostics: Diagnostics) -> any Error {
  switch error {
  case let error as ToolError:
    diagnostics.error(error.message)
    return ExitCode(error.status.rawValue)
  case let error as any ExitStatusError:
    diagnostics.error(error.description)
    return ExitCode(error.exitStatus.rawValue)
  case is ExitCode, is CleanExit, is ValidationError:
    return error
  case let error as DecodingError:
    diagnostics.error(WireCoding.describe(error))
    return ExitCode(ExitStatus.dataError.rawValue)
  default:
    diagnostics.error(String(describing: error))
    return ExitCode(ExitStatus.failure.rawValue)
  }
}
