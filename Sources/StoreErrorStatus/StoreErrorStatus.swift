public import SQLiteStore
public import ToolKit

// The exit statuses of the stores' errors, for the executables of both stores (rk-cache and
// rk-prune through StoreCommandLine, ail-log): the libraries themselves know nothing of them.

extension StoreError: ExitStatusError {
  public var exitStatus: ExitStatus {
    switch self {
    case .missing, .isDirectory: .noInput
    case .cannotOpen, .failed: .ioError
    case .badQuery: .usage
    }
  }
}

extension ContentFiles.UnreadableFile: ExitStatusError {
  public var exitStatus: ExitStatus { .noInput }
}
